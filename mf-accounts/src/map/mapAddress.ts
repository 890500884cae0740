/** The map's routes (the accounts remote owns /map; the route planner is /map/routes: docs/decisions.md). */
export const MAP_ROUTE = '/map';
export const ROUTES_ROUTE = '/map/routes';

export type MapFocus = { accountType: string; accountId: string; company: string };

/** /map centred on one account (the account summary header's Map link). */
export function mapHref(focus?: MapFocus): string {
  return focus ? `${MAP_ROUTE}?${new URLSearchParams(focus)}` : MAP_ROUTE;
}

/** The account a /map address is centred on, if any. */
export function mapFocusOf(search: string): MapFocus | null {
  const query = new URLSearchParams(search);
  const accountId = query.get('accountId');
  const company = query.get('company');
  if (!accountId || !company) return null;
  return { accountType: (query.get('accountType') ?? 'customer').toLowerCase(), accountId, company };
}
