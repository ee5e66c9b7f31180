/** TOTP of RFC 6238 (SHA-1, 6 digits, 30-second steps, ±1 step accepted) for two-factor sign-in. */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { TRandom } from './providers.ts';

export const TOTP_ISSUER = 'Casino';
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one, for clock drift between server and phone. */
export const TOTP_WINDOW = 1;

/** A new secret of 160 random bits (the RFC 4226 recommended length), in base32. */
export const newTotpSecret = (random: TRandom): string => {
  const bytes = random.bytes(20);
  return new Secret({ buffer: new Uint8Array(bytes).buffer }).base32;
};

const totp = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  });

/** The time step (counter) a moment falls in. */
export const totpStep = (at: Date): number => Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** Seconds until the code an authenticator shows now is replaced by the next one. */
export const secondsUntilNextCode = (at: Date): number =>
  TOTP_PERIOD_SECONDS - (Math.floor(at.getTime() / 1000) % TOTP_PERIOD_SECONDS);

/** The code for a moment (used by our own tests of this file and nowhere else in the server). */
export const totpCode = (secret: string, at: Date): string =>
  totp(secret).generate({ timestamp: at.getTime() });

/**
 * The time step of the code when it is valid at `at` within the window, else null. The comparison inside
 * otpauth is constant-time. The caller refuses a step already spent (see claimTotpStep).
 */
export const matchTotp = (secret: string, code: string, at: Date): number | null => {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totp(secret).validate({ token: code, timestamp: at.getTime(), window: TOTP_WINDOW });
  return delta === null ? null : totpStep(at) + delta;
};

/** The `otpauth://totp/…` URI an authenticator app reads. */
export const totpUri = (secret: string, label: string): string => totp(secret, label).toString();

/** The URI as a QR code PNG data URL. */
export const totpQrCode = (uri: string): Promise<string> =>
  QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
