import { navigate, resetAntiforgeryToken } from '@tradeboard/shared/web';
import { PATHS } from '../constants.ts';
import { browser } from '../routing/browser.ts';
import { isInternalPath, isWebAddress } from '../routing/addresses.ts';
import { rememberForNextPage, type LoginResultData } from './loginHandoff.ts';

/** Seed 000 §4: where a login answer leads. */
export function followLoginResult(result: LoginResultData): void {
  switch (result.resultType) {
    case 'Success':
      // A fresh page load clears every cached byte of the anonymous visit; the token is per session.
      resetAntiforgeryToken();
      browser.assign(PATHS.home);
      return;
    case 'SAML':
      browser.assign(isWebAddress(result.redirectUrl) ? result.redirectUrl : PATHS.login);
      return;
    case 'TwoFactor':
      rememberForNextPage({ twoFactorSetup: result.twoFactorSetup });
      navigate(isInternalPath(result.redirectUrl) ? result.redirectUrl : PATHS.twoFactor);
      return;
  }
}
