import type { TwoFactorSetupData } from '../login/loginHandoff.ts';

export type TwoFactorDetails = {
  /** Whether the account already has an authenticator: then only the code is asked for. */
  isConfigured: boolean;
  /** The QR code as a data: image address, or undefined. */
  qrCodeImage?: string;
  /** The secret to type in when the QR code cannot be scanned. */
  setupKey?: string;
};

/** Only an inline image may be shown as the QR code: never an address that leaves the page. */
function asImageData(value: string | null | undefined): string | undefined {
  return value && /^data:image\/(png|gif|jpeg|svg\+xml|webp);base64,[A-Za-z0-9+/=\s]+$/.test(value) ? value : undefined;
}

/**
 * Seed 000 §2: the page reads qrCodeImage, twoFactorSetupKey and authenticatorIsSetup from its query;
 * a value the query lacks comes from the login answer kept in memory.
 */
export function twoFactorDetails(search: string, fromLogin: TwoFactorSetupData | null | undefined): TwoFactorDetails {
  const query = new URLSearchParams(search);
  const configuredFlag = query.get('authenticatorIsSetup');
  const qrCodeImage = asImageData(query.get('qrCodeImage')) ?? asImageData(fromLogin?.imageData);
  const setupKey = query.get('twoFactorSetupKey') || fromLogin?.twoFactorSecret || undefined;
  const isConfigured =
    configuredFlag !== null
      ? configuredFlag.toLowerCase() === 'true'
      : (fromLogin?.isConfigured ?? !(qrCodeImage || setupKey));
  return { isConfigured, qrCodeImage, setupKey };
}

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP": easier to read and type. */
export function groupKey(key: string): string {
  return key.replace(/\s+/g, '').replace(/(.{4})(?=.)/g, '$1 ');
}
