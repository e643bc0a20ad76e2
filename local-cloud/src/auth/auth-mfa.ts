import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** How long a challenge can be verified, as GoTrue's MFA_CHALLENGE_EXPIRY_DURATION default (300 s). */
export const MFA_CHALLENGE_TTL_MS = 300_000;
/** At most this many verified factors per user (GoTrue's MFA_MAX_VERIFIED_FACTORS default). */
export const MFA_MAX_VERIFIED_FACTORS = 10;

/** A TOTP secret (base32, 160 bits) and the otpauth URI an authenticator app reads. */
export function newTotpSecret(issuer: string, accountName: string): { secret: string; uri: string } {
  const secret = generateSecret({ length: 20 });
  return { secret, uri: generateURI({ issuer, label: accountName, secret }) };
}

/**
 * The QR code of the otpauth URI as GoTrue returns it: SVG markup, which supabase-js turns into a
 * `data:image/svg+xml;utf-8,` URL as it is. A `#` would end such a URL, so colours are named.
 */
export async function totpQrCode(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return svg.replaceAll('#ffffff', 'white').replaceAll('#000000', 'black').trim();
}

/** A 6-digit code of the current 30-s step, or of the step before or after (clock drift), as GoTrue allows. */
export async function isValidTotp(secret: string, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  try {
    return (await verify({ secret, token: code, epochTolerance: 30 })).valid;
  } catch {
    return false;
  }
}

/** A set of recovery codes, as GoTrue makes them: ten, 16 characters each, lowercase, no separators. */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
/** Wrong recovery codes in a row before verifying is locked, and for how long. */
export const RECOVERY_CODE_MAX_FAILURES = 5;
export const RECOVERY_CODE_LOCK_MS = 5 * 60_000;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    Array.from({ length: 16 }, () => RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)]).join(
      '',
    ),
  );
}

/** Letter case, whitespace and `-` separators are ignored, as GoTrue does. */
export const canonicalRecoveryCode = (code: string): string => code.toLowerCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string): string =>
  createHash('sha256').update(canonicalRecoveryCode(code)).digest('hex');
