import { isSettingOn, settingValue } from '@tradeboard/shared/user-settings';
import type { UserResultValue } from '@tradeboard/shared/web';
import type { JumpAccountType } from './accountSearch.ts';

type User = Pick<UserResultValue, 'settings' | 'erpMasterId'> | null | undefined;

const on = (user: User, name: string) => !!user && isSettingOn(user.settings, name);

/**
 * The jump-to's account types for a user (seed 000 "Jump-to search", §6): Customer, Ship To,
 * Prospect (with ProspectAccessRight), and Corporate only when ShowCorporateAccounts is on and
 * erpMasterId is 1.
 */
export function jumpAccountTypes(user: User): JumpAccountType[] {
  const types: JumpAccountType[] = ['Customer', 'ShipTo'];
  if (on(user, 'ProspectAccessRight')) types.push('Prospect');
  if (on(user, 'ShowCorporateAccounts') && user?.erpMasterId === 1) types.push('Corporate');
  return types;
}

/** DefaultAccountType (default Customer), when the user may search that type; else the first. */
export function defaultJumpAccountType(user: User, types: readonly JumpAccountType[]): JumpAccountType {
  const wanted = (user ? settingValue(user.settings, 'DefaultAccountType') : undefined)?.replace(/\s+/g, '').toLowerCase();
  return types.find((type) => type.toLowerCase() === wanted) ?? types[0] ?? 'Customer';
}

export const canSeeContacts = (user: User) => on(user, 'ContactAccessRight');
export const canSeeProspects = (user: User) => on(user, 'ProspectAccessRight');
export const canSeeSuppliers = (user: User) => on(user, 'PurchaseAccessRight');
export const canSeeInventory = (user: User) => on(user, 'InventoryAccessRight');

/** A numeric user setting, or its fallback when missing or not a number. */
export function numberSetting(user: User, name: string, fallback: number): number {
  const value = Number(user ? settingValue(user.settings, name) : undefined);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
