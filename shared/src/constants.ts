/** Seed 000 §2 / seed 001 §9: site-section ids. */
export const SECTION_IDS = {
  home: 1,
  accounts: 2,
  sales: 3,
  orders: 4,
  quotes: 5,
  reports: 6,
  settings: 7,
  help: 8,
  accountSummary: 9,
  purchaseOrders: 10,
  inventory: 13,
  contacts: 14,
  suppliers: 15,
  supplierSummary: 16,
  shipments: 17,
  crm: 1018,
  contactSummary: 1019,
  inventoryDetail: 1020,
  accounting: 1021,
} as const;

export type SectionName = keyof typeof SECTION_IDS;

/** Case-insensitive section lookup; an unknown name gives 0. */
export function sectionIdOf(name: string): number {
  const wanted = name.toLowerCase();
  const match = Object.entries(SECTION_IDS).find(([section]) => section.toLowerCase() === wanted);
  return match ? match[1] : 0;
}

export const ADMIN_ROLE_NAMES = ['RTSAdmin', 'SiteOwner', 'SiteAdmin', 'RoleAdmin', 'UserAdmin'] as const;

export const LICENCE_TIERS: Readonly<Record<number, string>> = { 1: 'Express', 2: 'Standard', 3: 'Advanced' };
export function licenceTierName(code: number): string {
  return LICENCE_TIERS[code] ?? 'Unknown';
}

export const MOBILE_BREAKPOINT_PX = 768;
export const NARROW_LAYOUT_PX = 335;
export const SIDEBAR_FULL_WIDTH = '16rem';
export const SIDEBAR_MINI_WIDTH = '4rem';
export const VERSION_POLL_MS = 10_000;
export const QUERY_STALE_MS = 600_000;
export const DIALOG_AUTO_HIDE_MS = 5_000;
export const DEFAULT_PAGE_SIZE = 15;
export const SHARE_SEARCH_MAX = 10;

export const LOGIN_FAILED_TEXT = 'Login failed, please check your username and password';

/** Great-circle miles between two points (the map's and the GPS verification's distance). */
export function milesBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 3958.8 * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
