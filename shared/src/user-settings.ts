/**
 * User settings and toggles, read by the seed's rules (seed 000 §4, seed 001 §4):
 * a server value overrides the default; a toggle with valueType 1 reads true only for the
 * text "true", a value containing SETTING_ stays raw, any other value stays raw, and a
 * missing toggle reads false.
 */
export type SettingEntry = { settingName: string; settingValue: string };
export type ToggleEntry = { toggleName: string; toggleValue: string; valueType: number };

/** Seed 000 §9 defaults. Boolean flags not listed here default to off. */
export const DEFAULT_SETTINGS: Readonly<Record<string, string>> = {
  FiscalYear: '1990',
  InventoryDeadStockDays: '180',
  DefaultExcludeFromDeadStockDaysOption: '30',
  ArAgingPeriod1: '30',
  ArAgingPeriod2: '60',
  ArAgingPeriod3: '90',
  ArAgingPeriod4: '0',
  ApAgingPeriod1: '30',
  ApAgingPeriod2: '60',
  ApAgingPeriod3: '90',
  ApAgingPeriod4: '0',
  InventoryDaysSinceLastSold1: '90',
  InventoryDaysSinceLastSold2: '180',
  InventoryDaysSinceLastSold3: '270',
  InventoryDaysSinceLastSold4: '365',
  MapDefaultSearchRadius: '500',
  FollowUpDays: '7',
  QuoteEntryDefaultExpirationDays: '30',
  CustomerInactivityMonthBasis: '24',
  CustomerInactivityDayBasis: '180',
  ActivityExcludeDayBasis: '180',
  GpsVerificationRadiusMiles: '5',
  PdfPricePrecision: '2',
  PdfQuantityPrecision: '2',
  // Beyond the seed: the organization's logo on invoice, order and quote PDFs (a LogoMaster id; empty: none).
  DocumentLogoMasterId: '',
  MapThresholds: '50000,150000,250000,350000,450000,2000000',
  DateFormatSetting: 'MM/dd/yyyy',
  InvoiceCostBasis: 'Commission',
  OrderCostBasis: 'Commission',
  BookingCostBasis: 'Commission',
  QuoteCostBasis: 'Commission',
  ContractCostBasis: 'Commission',
  EntryCostBasis: 'StandardCost',
  PricingCostBasis: 'StandardCost',
  DefaultAccountType: 'Customer',
  SalesRepDefaultType: 'primary',
  SalesRepDefaultLevel: 'transaction',
  BookingDateBasis: 'OrderLineDate',
  ContactCreationLockdown: 'NoLockdown',
  // Seed 000 §9: the CRM and report contact restriction overrides (off: restricted contacts stay out of lists).
  ContactRestrictionCrmOverrideAllowed: 'false',
  ContactRestrictionReportOverrideAllowed: 'false',
  ListPrice: 'MasterPrice1',
  OpportunityDefaultReportTotal: 'OpportunitySize',
  QuotePastDueBasis: 'QuoteExpirationDate',
  OrderPastDueBasis: 'OrderHeaderPromiseDate',
  PoAgingBasis: 'LineDueDate',
  OrderEntryPermission: 'All',
  QuoteEntryPermission: 'All',
  ArAccessRight: 'true',
  ApAccessRight: 'true',
  BookingsAccessRight: 'true',
  ActivityAccessRight: 'true',
  OpportunityAccessRight: 'true',
  ContactAccessRight: 'true',
  ProspectAccessRight: 'true',
  InventoryAccessRight: 'true',
  PurchaseAccessRight: 'true',
  ExcelExportsEnabled: 'true',
  ShowCorporateAccounts: 'true',
  AutoSortEnabled: 'true',
  AllowPageEditing: 'false',
  DisplayDefaultSectionTemplates: 'false',
  // Goals (seed 000 §6): who manages each kind (wizard access), who reads goal against actual (access
  // rights), and where sales and bookings goals come from (RTS: this product's own goal setup).
  GoalWizardAccess: 'false',
  GoalBookingWizardAccess: 'false',
  GoalActivityWizardAccess: 'false',
  SalesGoalAccessRight: 'false',
  BookingsGoalAccessRight: 'false',
  ActivityGoalAccessRight: 'false',
  SalesGoalSource: 'RTS',
  BookingsGoalSource: 'RTS',
  // Issue 25: how many active users the organization's licence allows (0: no limit).
  UserLimit: '0',
};

/** Server values override the defaults; the result lists every known setting once. */
export function mergeSettings(serverValues: readonly SettingEntry[]): SettingEntry[] {
  const merged = new Map(Object.entries(DEFAULT_SETTINGS));
  for (const { settingName, settingValue } of serverValues) merged.set(settingName, settingValue);
  return [...merged].map(([settingName, settingValue]) => ({ settingName, settingValue }));
}

export function settingValue(settings: readonly SettingEntry[], name: string): string | undefined {
  return settings.find((s) => s.settingName === name)?.settingValue;
}

/** Seed §5 boolean parsing: true, 1, y and 'true' are true (any case). */
export function parseBoolean(value: string | undefined): boolean {
  return value !== undefined && ['true', '1', 'y'].includes(value.trim().toLowerCase());
}

export function isSettingOn(settings: readonly SettingEntry[], name: string): boolean {
  return parseBoolean(settingValue(settings, name));
}

export function toggleValue(toggles: readonly ToggleEntry[], name: string): boolean | string {
  const toggle = toggles.find((t) => t.toggleName === name);
  if (!toggle) return false;
  if (toggle.toggleValue.includes('SETTING_')) return toggle.toggleValue;
  if (toggle.valueType === 1) return toggle.toggleValue === 'true';
  return toggle.toggleValue;
}
