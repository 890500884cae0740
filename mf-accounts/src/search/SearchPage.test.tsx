import '@tradeboard/shared/testing/setupDom';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { callsTo, mockFetch } from '@tradeboard/shared/testing/mockFetch';
import { resetAntiforgeryToken } from '@tradeboard/shared/web';
import { signInAs } from '../test/user.ts';
import SearchPage from './SearchPage.tsx';
import { itemSearchOptions } from './searchAll.ts';

const list = (rows: unknown[]) => () => ({ json: { rows, totalCount: rows.length, pageNumber: 1, pageSize: 25 } });
const EMPTY = list([]);
const ITEM = {
  company: '01', itemNumber: 'FAS-10001', description: 'Hex Cap Screw', productGroup: 'FAS', supplier: 'V1001', supplierName: 'Acme Fastener Co',
  qtyOnHand: 5, qtyAvailable: 4, qtyOnOrder: 0, listPrice: 1.5, extendedDescription: null, shortCode: 'F0AB', upc: '012345678905',
  supplierPartNumber: null, unitOfMeasure: 'EA', stockable: true,
};

function handlers() {
  return {
    'POST /api/Customer/Search/false': EMPTY,
    'POST /api/ShipTo/Search': EMPTY,
    'POST /api/Prospect/Search': EMPTY,
    'POST /api/Corporate/Search': EMPTY,
    'POST /api/Supplier/Search': EMPTY,
    'POST /api/Contact/List': EMPTY,
    'POST /api/Inventory/Search': list([ITEM]),
  };
}

beforeEach(() => {
  resetAntiforgeryToken();
  window.history.replaceState(null, '', '/search');
  signInAs();
});

describe('the search page’s item search (seed 000 §9)', () => {
  it('searches items in the field and with the operator of the address', async () => {
    const fetchMock = mockFetch(handlers());
    render(<SearchPage search="?searchString=0123&itemField=UPC+Code&itemOperator=BeginsWith" />);
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByText('FAS-10001')).toBeTruthy();
    const [call] = callsTo(fetchMock, 'POST /api/Inventory/Search');
    const url = new URL(String(fetchMock.mock.calls.find(([input]) => String(input).includes('/Inventory/Search'))![0]), 'http://localhost');
    expect(url.searchParams.get('inventorySearchField')).toBe('UPC Code');
    expect(url.searchParams.get('inStockOnly')).toBe('false');
    expect(call!.body).toMatchObject({ searchString: '0123', searchOperator: 'BeginsWith' });
  });

  it('a field chosen puts it in the address; unknown values fall back to the defaults', async () => {
    mockFetch(handlers());
    render(<SearchPage search="?searchString=abc" />);
    await screen.findByRole('region', { name: 'Items' });
    await userEvent.setup().click(screen.getByRole('combobox', { name: 'Item search field' }));
    await userEvent.setup().click(await screen.findByTitle('Alternate Code'));
    expect(window.location.search).toBe('?searchString=abc&itemField=Alternate+Code');
    expect(itemSearchOptions(new URLSearchParams('itemField=Colour&itemOperator=Like'))).toEqual({ field: 'Item Number + Description', operator: 'Contains' });
  });

  it('shows no item options without InventoryAccessRight', async () => {
    mockFetch(handlers());
    signInAs({ InventoryAccessRight: 'false' });
    render(<SearchPage search="?searchString=abc" />);
    expect(screen.queryByRole('combobox', { name: 'Item search field' })).toBeNull();
  });
});
