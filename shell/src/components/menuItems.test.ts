import { describe, expect, it } from 'vitest';
import type { SiteMenuItemValue, UserResultValue } from '@tradeboard/shared/web';
import { activeItem, disabledAreaOf, pageTitle, sectionTitle, visibleMenuItems } from './menuItems.ts';

const menu: SiteMenuItemValue[] = [
  { id: 1, sectionName: 'Home', route: 'home', menuIcon: 'home' },
  { id: 2, sectionName: 'CRM', route: '/crm', menuIcon: 'briefcase' },
  { id: 3, sectionName: 'Notifications', route: 'notifications', menuIcon: 'bell' },
];

function userWith(settings: Record<string, string>): UserResultValue {
  return {
    userMasterId: 1, organizationUser: false, isReleaseNotificationVisible: false, userName: 'u', fullName: 'U', email: 'u@x',
    roleName: 'r', isImpersonating: false, customerMasterId: 0, customerName: '', editionMasterId: 1, erpMasterId: 1,
    settings: Object.entries(settings).map(([settingName, settingValue]) => ({ settingName, settingValue })),
    toggles: [],
  };
}

const routes = (items: SiteMenuItemValue[]) => items.map((item) => item.route.replace('/', ''));

describe('CRM gating', () => {
  it('hides CRM without any CRM access right', () => {
    expect(routes(visibleMenuItems(menu, userWith({})))).toEqual(['home', 'notifications']);
    expect(routes(visibleMenuItems(menu, userWith({ ActivityAccessRight: 'false', OpportunityAccessRight: '0', ContactAccessRight: 'no' })))).not.toContain('crm');
    expect(routes(visibleMenuItems(menu, null))).not.toContain('crm');
  });

  it.each(['ActivityAccessRight', 'OpportunityAccessRight', 'ContactAccessRight'])('shows CRM with %s', (right) => {
    expect(routes(visibleMenuItems(menu, userWith({ [right]: 'true' })))).toContain('crm');
  });
});

describe('menu items', () => {
  it('always offers notifications', () => {
    const items = visibleMenuItems([menu[0]!], userWith({}));
    expect(items.map((item) => item.route)).toEqual(['home', 'notifications']);
  });

  it('highlights the item whose route equals the first path segment', () => {
    expect(activeItem(menu, '/crm/12')?.id).toBe(2);
    expect(activeItem(menu, '/Home')?.id).toBe(1);
    expect(activeItem(menu, '/homestead')).toBeUndefined();
  });

  it('titles sections readably', () => {
    expect(sectionTitle({ sectionName: 'purchaseOrders', route: 'purchaseOrders' })).toBe('Purchase Orders');
    expect(sectionTitle({ sectionName: 'Sales', route: 'sales' })).toBe('Sales');
    expect(sectionTitle({ sectionName: 'crm', route: 'crm' })).toBe('CRM');
  });

  it("titles a page outside the menu after its address when a remote owns it, else the product", () => {
    expect(pageTitle(menu, '/crm/12', true)).toBe('CRM');
    expect(pageTitle(menu, '/accountSummary/4', true)).toBe('Account Summary');
    expect(pageTitle(menu, '/map/routes', true)).toBe('Map');
    expect(pageTitle(menu, '/nonsense', false)).toBe('Tradeboard');
  });
});

describe('administration (issue 25)', () => {
  const crmOff = { moduleId: 'crm', featureId: '', reason: 'Moving to the new CRM', routes: ['/crm', '/contactSummary'] };

  it('drops the entry of a module switched off for the organization, and names the reason for its addresses', () => {
    const user = { ...userWith({ ActivityAccessRight: 'true' }), disabledModules: [crmOff] };
    expect(routes(visibleMenuItems(menu, user))).toEqual(['home', 'notifications']);
    expect(disabledAreaOf(user, '/crm/12')?.reason).toBe('Moving to the new CRM');
    expect(disabledAreaOf(user, '/crmx')).toBeUndefined();
    expect(disabledAreaOf(user, '/home')).toBeUndefined();
  });

  it('adds Settings to the site menu for a user with an admin permission only', () => {
    expect(routes(visibleMenuItems(menu, userWith({})))).not.toContain('settings');
    const admin = { ...userWith({}), adminPermissions: ['users.read'] };
    expect(visibleMenuItems(menu, admin).at(-1)).toMatchObject({ route: 'settings', sectionName: 'Settings', menuIcon: 'cog' });
  });
});
