import type { cookieLogin, ContractResult } from '@tradeboard/shared/contracts';

export type LoginResultData = ContractResult<typeof cookieLogin>;
export type TwoFactorSetupData = NonNullable<LoginResultData['twoFactorSetup']>;

/**
 * What one page of the sign-in flow hands to the next without putting it in the address bar:
 * the two-factor setup from the login answer (when the redirect's query lacks a value) and the
 * e-mail typed so far (pre-fills "forgot password"). Memory only: gone on reload, never stored.
 */
type Handoff = { email?: string; twoFactorSetup?: TwoFactorSetupData | null };

let handoff: Handoff = {};

export function rememberForNextPage(next: Handoff): void {
  handoff = { ...handoff, ...next };
}

export function handedOver(): Readonly<Handoff> {
  return handoff;
}

export function forgetHandoff(): void {
  handoff = {};
}
