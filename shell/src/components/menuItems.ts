import { hasCrmAccess, isUnderRoute, type SiteMenuItemValue, type UserResultValue } from '@tradeboard/shared/web';

/** A site-menu route without slashes ('/sales/' → 'sales'). */
export function routeOf(item: Pick<SiteMenuItemValue, 'route'>): string {
  return item.route.replace(/^\/+|\/+$/g, '');
}

export const NOTIFICATIONS_ROUTE = 'notifications';
export const SETTINGS_ROUTE = 'settings';

type DisabledArea = NonNullable<UserResultValue['disabledModules']>[number];

/** The module or feature switched off for the user's organization (or deployment) that hides this address. */
export function disabledAreaOf(user: Pick<UserResultValue, 'disabledModules'> | null | undefined, pathname: string): DisabledArea | undefined {
  return user?.disabledModules?.find((area) => area.routes.some((route) => isUnderRoute(pathname, route)));
}

function isCrm(item: SiteMenuItemValue): boolean {
  return routeOf(item).toLowerCase() === 'crm' || item.sectionName.toLowerCase() === 'crm';
}

/**
 * The sidebar entries for a user: the site menu without CRM unless a CRM access right is
 * granted, and always a notifications entry (it carries the unread badge).
 */
export function visibleMenuItems(menu: readonly SiteMenuItemValue[], user: UserResultValue | null): SiteMenuItemValue[] {
  const crm = hasCrmAccess(user);
  // A module switched off for the organization loses its entry (issue 25).
  const items = menu.filter((item) => (crm || !isCrm(item)) && !disabledAreaOf(user, `/${routeOf(item)}`));
  if (!items.some((item) => routeOf(item).toLowerCase() === NOTIFICATIONS_ROUTE)) {
    items.push({ id: -1, sectionName: 'Notifications', route: NOTIFICATIONS_ROUTE, menuIcon: 'bell' });
  }
  // Administrators (any admin permission) get Settings in the site menu; everyone has it in the profile menu.
  if (user?.adminPermissions?.length && !items.some((item) => routeOf(item).toLowerCase() === SETTINGS_ROUTE)) {
    items.push({ id: -7, sectionName: 'Settings', route: SETTINGS_ROUTE, menuIcon: 'cog' });
  }
  return items;
}

/** The menu item whose route equals the first path segment (case-insensitive). */
export function activeItem(items: readonly SiteMenuItemValue[], pathname: string): SiteMenuItemValue | undefined {
  const segment = (pathname.split('/').filter(Boolean)[0] ?? '').toLowerCase();
  return items.find((item) => routeOf(item).toLowerCase() === segment);
}

/** Section names that are acronyms, written as such. */
const ACRONYMS: Readonly<Record<string, string>> = { crm: 'CRM' };

/** Human title of a section ('purchaseOrders' → 'Purchase Orders', 'crm' → 'CRM'). */
export function sectionTitle(item: Pick<SiteMenuItemValue, 'sectionName' | 'route'>): string {
  const name = item.sectionName || routeOf(item);
  if (/\s/.test(name)) return name;
  const acronym = ACRONYMS[name.toLowerCase()];
  if (acronym) return acronym;
  const spaced = name.replace(/([a-z])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

/**
 * The navbar's title: the menu item's for a menu page; for a page a remote owns outside the menu
 * (accountSummary, /map, /search), its first path segment in words; otherwise (Page Not Found) the product's name.
 */
export function pageTitle(items: readonly SiteMenuItemValue[], pathname: string, owned: boolean): string {
  const current = activeItem(items, pathname);
  if (current) return sectionTitle(current);
  const segment = pathname.split('/').filter(Boolean)[0];
  return owned && segment ? sectionTitle({ sectionName: '', route: segment }) : 'Tradeboard';
}
