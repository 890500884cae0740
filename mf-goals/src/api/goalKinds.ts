import { GOAL_CALLS, GOAL_KIND_NAMES, type GoalKind } from '@tradeboard/shared/contracts';
import { isSettingOn, settingValue } from '@tradeboard/shared/user-settings';
import type { UserResultValue } from '@tradeboard/shared/web';

export type { GoalKind };
export { GOAL_CALLS, GOAL_KIND_NAMES };

/** The manage screen of each kind (seed 000 §2). */
export const MANAGE_ROUTES: ReadonlyArray<{ kind: GoalKind; route: string }> = [
  { kind: 'Sales', route: '/settings/salesGoals/manage' },
  { kind: 'Bookings', route: '/settings/bookingsGoals/manage' },
  { kind: 'Activity', route: '/settings/activityGoals/manage' },
];
export const manageRoute = (kind: GoalKind) => MANAGE_ROUTES.find((r) => r.kind === kind)!.route;

/** The goal value columns of each kind, as the grid titles them. */
export const GOAL_VALUE_TITLES: Readonly<Record<GoalKind, readonly [string, string]>> = {
  Sales: ['Sales Goal', 'Profit Goal'],
  Bookings: ['Bookings Goal', 'Profit Goal'],
  Activity: ['Activity Created Goal', 'Activity Completed Goal'],
};

type User = Pick<UserResultValue, 'settings'> | null | undefined;
const on = (user: User, name: string) => !!user && isSettingOn(user.settings, name);
const source = (user: User, name: string) => (user ? (settingValue(user.settings, name) ?? 'RTS') : 'RTS');

/**
 * Seed 000 §6: the setup shows the sales panel only when SalesGoalSource is RTS (likewise
 * bookings), and Activity only with GoalActivityWizardAccess; a kind also needs its wizard access
 * to be managed here (the server refuses the calls otherwise).
 */
export function setupPanelVisible(user: User, kind: GoalKind): boolean {
  if (kind === 'Activity') return on(user, 'GoalActivityWizardAccess');
  const sourceName = kind === 'Sales' ? 'SalesGoalSource' : 'BookingsGoalSource';
  return source(user, sourceName) === 'RTS' && on(user, GOAL_KIND_NAMES[kind].wizardSetting);
}

/** Seed 000 §6: a manage screen renders nothing when the wizard access is off and the source is RTS (activity: when its access is off). */
export function manageScreenVisible(user: User, kind: GoalKind): boolean {
  if (kind === 'Activity') return on(user, 'GoalActivityWizardAccess');
  const sourceName = kind === 'Sales' ? 'SalesGoalSource' : 'BookingsGoalSource';
  return !(source(user, sourceName) === 'RTS' && !on(user, GOAL_KIND_NAMES[kind].wizardSetting));
}

/** The FiscalYear setting's year for the year choices (seed 000 §5: fiscal year −1, the fiscal year, +1). */
export function yearChoices(fiscalYear: number): number[] {
  return [fiscalYear - 1, fiscalYear, fiscalYear + 1];
}
