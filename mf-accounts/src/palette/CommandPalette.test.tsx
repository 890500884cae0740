import '@tradeboard/shared/testing/setupDom';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken } from '@tradeboard/shared/web';
import { signInAs } from '../test/user.ts';
import CommandPalette from './CommandPalette.tsx';

const list = (rows: unknown[]) => () => ({ json: { rows, totalCount: rows.length, pageNumber: 1, pageSize: 50, searchString: '' } });
const account = (accountType: string, accountId: string, accountName: string) => ({
  accountType, company: '01', accountId, accountName, customer: null, address: null, city: 'Chicago', state: 'IL', postalCode: null, phone: null, branch: 'CHI', branchName: 'Chicago', salesRep: 'R1',
});
const EMPTY = list([]);

function handlers() {
  return {
    'POST /api/Customer/Search/false': list([account('Customer', 'C2', 'Acme West'), account('Customer', 'C1', 'Acme East')]),
    'POST /api/ShipTo/Search': list([account('ShipTo', 'S1', 'Acme Dock')]),
    'POST /api/Prospect/Search': EMPTY,
    'POST /api/Corporate/Search': EMPTY,
    'POST /api/Supplier/Search': EMPTY,
    'POST /api/Contact/List': list([{ company: '01', contact: 'K1', contactName: 'Ann Acme', firstName: null, lastName: null, title: 'Buyer', email: null, phone: null, customer: 'C1', customerName: 'Acme East', physAddress1: null, physCity: null, physState: null, physPostalCode: null }]),
    'POST /api/Inventory/Search': EMPTY,
  };
}

beforeEach(() => {
  resetAntiforgeryToken();
  window.history.replaceState(null, '', '/sales');
  signInAs();
});

describe('the command palette', () => {
  it('searches every kind the user may see as he types, grouped, five a kind', async () => {
    const fetchMock = mockFetch(handlers());
    render(<CommandPalette open onClose={() => undefined} />);
    await userEvent.setup().type(await screen.findByRole('combobox', { name: 'Search everything' }), 'acme');
    const customers = await screen.findByRole('group', { name: 'Customers' });
    expect(within(customers).getAllByRole('option').map((option) => option.textContent)).toEqual([expect.stringContaining('Acme East'), expect.stringContaining('Acme West')]);
    expect(screen.getByRole('group', { name: 'Contacts' }).textContent).toContain('Ann Acme');
    expect(screen.queryByRole('group', { name: 'Prospects' })).toBeNull();
    expect(callsTo(fetchMock, 'POST /api/Customer/Search/false')).toHaveLength(1);
    expect(callsTo(fetchMock, 'POST /api/Contact/List')[0]!.body).toMatchObject({ searchString: 'acme', pageSize: 5 });
  });

  it('arrows move, Enter opens the chosen result and closes the palette', async () => {
    mockFetch(handlers());
    const onClose = vi.fn();
    render(<CommandPalette open onClose={onClose} />);
    const user = userEvent.setup();
    await user.type(await screen.findByRole('combobox', { name: 'Search everything' }), 'acme');
    await screen.findByRole('group', { name: 'Customers' });
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getAllByRole('option', { selected: true })[0]!.textContent).toContain('Acme West'));
    await user.keyboard('{Enter}');
    expect(window.location.pathname + window.location.search).toBe('/accountSummary?accountType=customer&accountId=C2&company=01');
    expect(onClose).toHaveBeenCalled();
  });

  it('leaves out the kinds the settings hide', async () => {
    const fetchMock = mockFetch(handlers());
    signInAs({ ContactAccessRight: 'false', InventoryAccessRight: 'false', ShowCorporateAccounts: 'false' });
    render(<CommandPalette open onClose={() => undefined} />);
    await userEvent.setup().type(await screen.findByRole('combobox', { name: 'Search everything' }), 'acme');
    await screen.findByRole('group', { name: 'Customers' });
    expect(callsTo(fetchMock, 'POST /api/Contact/List')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /api/Inventory/Search')).toHaveLength(0);
    expect(callsTo(fetchMock, 'POST /api/Corporate/Search')).toHaveLength(0);
  });
});
