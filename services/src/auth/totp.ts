import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const PERIOD_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpQrCode(secret: string, email: string): Promise<string> {
  const uri = generateURI({ issuer: 'Tradeboard', label: email, secret });
  return QRCode.toDataURL(uri, { margin: 1, width: 220 });
}

/**
 * RFC 6238 with one step of clock skew either way. A code whose time step is not later than
 * the last accepted one is refused, so a code works once.
 * Returns the accepted time step, or undefined.
 */
export async function verifyTotp(
  secret: string,
  code: string,
  lastAcceptedStep: number | null,
  now: number = Date.now(),
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code.trim(),
    epoch: Math.floor(now / 1000),
    epochTolerance: PERIOD_SECONDS,
    ...(lastAcceptedStep === null ? {} : { afterTimeStep: lastAcceptedStep }),
  });
  return result.valid && 'timeStep' in result ? (result.timeStep as number) : undefined;
}
