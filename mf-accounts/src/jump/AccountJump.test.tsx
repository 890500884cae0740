import '@tradeboard/shared/testing/setupDom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken } from '@tradeboard/shared/web';
import { signInAs } from '../test/user.ts';
import { AccountJump } from './AccountJump.tsx';

const CUSTOMER_SEARCH = 'POST /api/Customer/Search/false';

function hit(accountId: string, accountName: string, accountType = 'Customer') {
  return { accountType, company: '01', accountId, accountName, customer: null, address: '1 Main St', city: 'Chicago', state: 'IL', postalCode: null, phone: null, branch: 'CHI', branchName: 'Chicago', salesRep: 'R1' };
}

function page(rows: unknown[], totalCount = rows.length) {
  return { json: { rows, totalCount, pageNumber: 1, pageSize: 50, searchString: '' } };
}

const comboboxes = () => within(screen.getByRole('search', { name: 'Jump to account' }));

/** Points at the jump-to's controls and waits for antd's (the kit draws stand-ins until then: shared/src/ui/lazySelect.tsx). */
async function pointAtJump(user: ReturnType<typeof userEvent.setup>) {
  for (const combobox of comboboxes().getAllByRole('combobox')) await user.hover(combobox);
  await waitFor(() => expect(comboboxes().getAllByRole('combobox').map((combobox) => combobox.id)).not.toContain(''), { timeout: 5_000 });
}

beforeEach(() => {
  resetAntiforgeryToken();
  window.history.replaceState(null, '', '/home');
  signInAs();
});

describe('the account jump', () => {
  it('asks once, 500 ms after the last keystroke, for page 1 of 50 with the operator', async () => {
    const fetchMock = mockFetch({ [CUSTOMER_SEARCH]: () => page([hit('C1', 'Acme')]) });
    const user = userEvent.setup();
    render(<AccountJump />);
    await pointAtJump(user);
    const started = Date.now();
    await user.type(comboboxes().getByRole('combobox', { name: 'Jump to account' }), 'Acm');
    expect(callsTo(fetchMock, CUSTOMER_SEARCH)).toHaveLength(0);
    await waitFor(() => expect(callsTo(fetchMock, CUSTOMER_SEARCH)).toHaveLength(1), { timeout: 2_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
    expect(callsTo(fetchMock, CUSTOMER_SEARCH)[0]!.body).toEqual({ searchString: 'Acm', searchOperator: 'Contains', pageSize: 50, pageNumber: 1 });
    expect(await screen.findByText('Acme')).toBeTruthy();
  });

  it('offers the four operators and sends the one chosen (Begins With → BeginsWith)', async () => {
    const fetchMock = mockFetch({ [CUSTOMER_SEARCH]: () => page([]) });
    const user = userEvent.setup();
    render(<AccountJump />);
    await pointAtJump(user);
    await user.click(comboboxes().getByRole('combobox', { name: 'Match' }));
    const search = screen.getByRole('search', { name: 'Jump to account' });
    const labels = (await screen.findAllByTitle(/^(Contains|Exact|Begins With|Ends With)$/))
      .filter((option) => !search.contains(option))
      .map((option) => option.getAttribute('title'));
    expect(labels).toEqual(['Contains', 'Exact', 'Begins With', 'Ends With']);
    await user.click(screen.getByTitle('Begins With'));
    await user.type(comboboxes().getByRole('combobox', { name: 'Jump to account' }), 'C00');
    await waitFor(() => expect(callsTo(fetchMock, CUSTOMER_SEARCH)).toHaveLength(1), { timeout: 2_000 });
    expect(callsTo(fetchMock, CUSTOMER_SEARCH)[0]!.body).toMatchObject({ searchOperator: 'BeginsWith' });
  });

  it('shows at most 100 results, sorted by name, asking page 2 only after a full page 1', async () => {
    const first = Array.from({ length: 50 }, (_, i) => hit(`C${i}`, `Name ${String(99 - i).padStart(3, '0')}`));
    const second = Array.from({ length: 50 }, (_, i) => hit(`D${i}`, `Name ${String(49 - i).padStart(3, '0')}x`));
    const fetchMock = mockFetch({ [CUSTOMER_SEARCH]: ({ body }) => ((body as { pageNumber: number }).pageNumber === 1 ? page(first, 180) : page(second, 180)) });
    const user = userEvent.setup();
    render(<AccountJump />);
    await pointAtJump(user);
    await user.type(comboboxes().getByRole('combobox', { name: 'Jump to account' }), 'Name');
    await waitFor(() => expect(callsTo(fetchMock, CUSTOMER_SEARCH)).toHaveLength(2), { timeout: 2_000 });
    expect(callsTo(fetchMock, CUSTOMER_SEARCH).map((call) => (call.body as { pageNumber: number }).pageNumber)).toEqual([1, 2]);
    const names = (await screen.findAllByText(/^Name \d{3}x?$/)).map((node) => node.textContent);
    expect(names[0]).toBe('Name 000x');
    expect(names).toEqual([...names].sort((a, b) => a!.localeCompare(b!, 'en', { sensitivity: 'base' })));
  });

  it('opens the chosen result with the keyboard and resets the search; Escape clears it', async () => {
    mockFetch({ [CUSTOMER_SEARCH]: () => page([hit('C2', 'Beta Supply'), hit('C1', 'Acme Tools')]) });
    const user = userEvent.setup();
    render(<AccountJump />);
    await pointAtJump(user);
    const input = comboboxes().getByRole('combobox', { name: 'Jump to account' });
    await user.type(input, 'a');
    await screen.findByText('Beta Supply');
    // Sorted by name: Acme Tools first (active), ArrowDown moves to Beta Supply, Enter opens it.
    // rc-select reads the legacy keyCode, which user-event leaves out. The list takes keys once its first option is active.
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toMatch(/_0$/));
    fireEvent.keyDown(input, { key: 'ArrowDown', keyCode: 40, which: 40 });
    await waitFor(() => expect(input.getAttribute('aria-activedescendant')).toMatch(/_1$/));
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 13, which: 13 });
    await waitFor(() => expect(window.location.pathname + window.location.search).toBe('/accountSummary?accountType=customer&accountId=C2&company=01'));
    expect((input as HTMLInputElement).value).toBe('');
    await user.type(input, 'xyz');
    fireEvent.keyDown(input, { key: 'Escape', keyCode: 27, which: 27 });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
  });

  it('offers Corporate only with ShowCorporateAccounts on and erpMasterId 1, and starts on DefaultAccountType', async () => {
    mockFetch({});
    const user = userEvent.setup();
    const { unmount } = render(<AccountJump />);
    await pointAtJump(user);
    await user.click(comboboxes().getByRole('combobox', { name: 'Account type' }));
    expect(await screen.findByTitle('Corporate')).toBeTruthy();
    unmount();
    act(() => signInAs({ ShowCorporateAccounts: 'false', DefaultAccountType: 'ShipTo' }));
    render(<AccountJump />);
    await pointAtJump(user);
    expect(comboboxes().getByTitle('Ship To')).toBeTruthy();
    await user.click(comboboxes().getByRole('combobox', { name: 'Account type' }));
    await screen.findAllByTitle('Prospect');
    expect(screen.queryByTitle('Corporate')).toBeNull();
    unmount();
  });
});
