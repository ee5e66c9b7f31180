/**
 * The rule for a password a player sets (registration, password change, reset): spec §5, with the minimum length
 * the operator may raise in the site config's validator list, and none of the most common passwords (OWASP ASVS 5
 * V6.2.4; common-passwords.txt), compared without regard to letter case. The server's answer is the one that counts.
 */
import { readFileSync } from 'node:fs';
import { passwordMinOf, passwordWithMin, type TFieldCode, type TRule } from '@casino/contracts/validation';
import { type TValidatorLimits, validatorLimitsOf } from '@casino/contracts/validator-config';
import type { TDb } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { getSetting } from '../metadata/index.ts';

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .map((line) => line.trim().toLowerCase())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

export const isCommonPassword = (password: string) => COMMON_PASSWORDS.has(password.toLowerCase());

/** The minimum length in force: the validator config's, between the spec's 6 and 20. */
export const passwordMinLength = async (db: TDb): Promise<number> => {
  const site = (await getSetting(db, 'site-config')) as { validatorConfig?: unknown } | null;
  return passwordMinOf(site?.validatorConfig);
};

/** Everything the validator config changes of the §5 rules (password and nickname minimums, postcode pattern). */
export const validatorLimits = async (db: TDb): Promise<TValidatorLimits> => {
  const site = (await getSetting(db, 'site-config')) as { validatorConfig?: unknown } | null;
  return validatorLimitsOf(site?.validatorConfig);
};

/** The rule for a new password, given the minimum length in force. */
export const newPasswordRule =
  (min: number): TRule =>
  (password) =>
    passwordWithMin(min)(password) ?? (isCommonPassword(password) ? 'commonPassword' : null);

/** InvalidParameterException for these fields; a password too short also says the minimum in force. */
export const invalidPasswordParameters = (fields: Record<string, TFieldCode | string>, min: number) =>
  new AppError('InvalidParameterException', {
    invalid_parameters: fields,
    ...(Object.values(fields).includes('shortPassword') ? { min_length: min } : {}),
  });
