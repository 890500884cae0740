import { useTradeboardStore, type UserResultValue } from '@tradeboard/shared/web';

/** Signs a test user in to the shared store, with these settings over rep-like defaults. */
export function signInAs(settings: Record<string, string> = {}, erpMasterId = 1): void {
  const merged = { ShowCorporateAccounts: 'true', ProspectAccessRight: 'true', ContactAccessRight: 'true', PurchaseAccessRight: 'true', InventoryAccessRight: 'true', DefaultAccountType: 'Customer', ...settings };
  const user = {
    userName: 'rep@tradeboard.example',
    fullName: 'Rick Rep',
    erpMasterId,
    settings: Object.entries(merged).map(([settingName, settingValue]) => ({ settingName, settingValue })),
    toggles: [],
  } as unknown as UserResultValue;
  useTradeboardStore.setState({ user });
}
