/**
 * The setting groups the Settings screen shows, as data: the first rule whose pattern matches a
 * setting's name names its group (docs/decisions.md "Administration: settings").
 */
const GROUPS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Access rights', /AccessRight$|Permission$|^Allow|Lockdown$|RestrictionCrm|RestrictionReport/],
  ['Goals', /Goal/],
  ['Costs and pricing', /Cost|Price|Precision/],
  ['Receivables and payables', /^(Ar|Ap)[A-Z]|Aging/],
  ['Inventory', /Inventory|DeadStock|SinceLastSold/],
  ['Map and routes', /^Map|Gps/],
  ['Orders and quotes', /Quote|Order/],
  ['CRM', /Contact|Activity|Opportunity|FollowUp|CustomerInactivity/],
  ['Sales reps and bookings', /SalesRep|Split|Booking/],
  ['Display', /Section|Template|Sort|Excel|Date|Fiscal|Account|Label|Corporate/],
];

export function settingGroup(settingName: string): string {
  return GROUPS.find(([, pattern]) => pattern.test(settingName))?.[0] ?? 'General';
}

/** The TypeScript type a setting's default suggests (UserSettingsClassBuilder). */
export function tsTypeOf(defaultValue: string): string {
  if (defaultValue === 'true' || defaultValue === 'false') return 'boolean';
  if (/^-?\d+(\.\d+)?$/.test(defaultValue)) return 'number';
  return 'string';
}
