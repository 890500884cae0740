import '@tradeboard/shared/testing/setupDom';
import { render, screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ComponentConfigValue, ComponentRendererProps, FilterValue } from '@tradeboard/shared/boards';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken, useTradeboardStore } from '@tradeboard/shared/web';
import { master, user } from '../../test/fixtures.ts';
import WhiteSpaceRenderer from './WhiteSpaceRenderer.tsx';

const CALL = 'POST /api/Customer/WhiteSpace/C000042/01';
const config: ComponentConfigValue = { outputModel: 'WhiteSpace', dataConfig: { queryString: '/Customer/WhiteSpace/{customer}/{company}' } };
const ACCOUNT: FilterValue[] = [
  { field: 'accountType', comparison: 'equals', values: ['customer'] },
  { field: 'accountId', comparison: 'equals', values: ['C000042'] },
  { field: 'company', comparison: 'equals', values: ['01'] },
];
const answer = (rows: object[], peerCount = 12) => ({
  company: '01',
  customer: 'C000042',
  customerName: 'Acme',
  accountClass: 'MRO',
  sizeBand: { label: '$10K to $50K', from: 10000, to: 50000 },
  sales: 20000,
  from: '2025-11-21',
  to: '2026-11-20',
  peerCount,
  minPeers: 5,
  minPeerShare: 50,
  rows,
});

function renderWhiteSpace(filters: FilterValue[]) {
  const props: ComponentRendererProps = {
    instance: { componentInstanceId: 9, componentInstanceName: 'White Space', componentMasterId: 905, displayOrder: 0, cardMasterId: 1, configs: config },
    master: master(905, { renderer: 'whiteSpace', configs: config }),
    config,
    filters,
    editMode: false,
    canEdit: false,
    saveConfig: vi.fn(async () => {}),
  };
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <WhiteSpaceRenderer {...props} />
    </SWRConfig>,
  );
}

beforeEach(() => {
  resetAntiforgeryToken();
  useTradeboardStore.setState({ user: user({}), editMode: false });
});

describe('white space renderer', () => {
  it("asks for the page's account and lists the groups, largest gap first, in dollars with the peers' share", async () => {
    const fetchMock = mockFetch({
      [CALL]: () => ({
        json: answer([
          { productGroup: 'BRG', productGroupName: 'Bearings', peerShare: 83.3, peersBuying: 10, peerShareOfWallet: 25, estimatedGap: 5000 },
          { productGroup: 'HYD', productGroupName: null, peerShare: 50, peersBuying: 6, peerShareOfWallet: 5.5, estimatedGap: 1100.4 },
        ]),
      }),
    });
    renderWhiteSpace(ACCOUNT);
    const list = await screen.findByRole('list', { name: 'White space' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Bearings$5,00083.3% of peers buy it · 25.0% of their sales',
      'HYD$1,10050.0% of peers buy it · 5.5% of their sales',
    ]);
    expect(screen.getByText('Compared with 12 MRO accounts with $10K to $50K in sales over the last 12 months.')).toBeTruthy();
    expect(callsTo(fetchMock, CALL)).toHaveLength(1);
  });

  it('says why there are no rows', async () => {
    mockFetch({ [CALL]: () => ({ json: answer([], 3) }) });
    renderWhiteSpace(ACCOUNT);
    expect(await screen.findByText('Too few similar accounts to compare (3).')).toBeTruthy();
  });

  it('makes no call off an account page', () => {
    const fetchMock = mockFetch({});
    renderWhiteSpace([]);
    expect(screen.getByText(/Open a customer to see/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
