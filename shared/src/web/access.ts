import { isSettingOn, toggleValue } from '@tradeboard/shared/user-settings';
import type { UserResultValue } from './types.ts';

type SettingsHolder = Pick<UserResultValue, 'settings'>;

/** Seed §2 App shell: the CRM entry needs one of the three CRM access rights. */
export function hasCrmAccess(user: SettingsHolder | null | undefined): boolean {
  if (!user) return false;
  return ['ActivityAccessRight', 'OpportunityAccessRight', 'ContactAccessRight'].some((name) =>
    isSettingOn(user.settings, name),
  );
}

/** Seed §6: when the toggles banner shows. */
export function isTogglesBannerVisible(
  user: Pick<UserResultValue, 'settings' | 'toggles' | 'organizationUser'> | null | undefined,
): boolean {
  if (!user) return false;
  const on = (name: string) => isSettingOn(user.settings, name);
  const toggle = (name: string) => toggleValue(user.toggles, name) === true;
  const offered = on('SplitFunctionalityEnabled') || on('AllowCustomerModeToggle') || user.organizationUser;
  const active =
    toggle('CustomerModeEnabled') ||
    user.organizationUser ||
    (on('SalesRepSplitsAppliedToggleEnabled') && toggle('SalesRepSplitsApplied')) ||
    on('SalesRepTypeToggleEnabled') ||
    on('SalesRepLevelToggleEnabled');
  return offered && active;
}

/** Seed §2: the spacer above the main area is 16, 20 or 32 depending on the banners shown. */
export function mainSpacer(togglesBanner: boolean, releaseBanner: boolean): 16 | 20 | 32 {
  if (togglesBanner && releaseBanner) return 32;
  if (togglesBanner || releaseBanner) return 20;
  return 16;
}
