/**
 * The operator's compliance rules of every sign-up (issue 41): the terms box (spec §3 Registration config
 * `terms`, §5 "Terms must be true when active") and the minimum age wherever a birth date is asked. They are read
 * from the operator's registration config on each sign-up, so a change in the back office applies at once, and
 * they bind every method: the forms, the messaging app and the social providers.
 */
import { ZRegistrationConfig } from '@casino/contracts/calls/metadata';
import { DEFAULT_MINIMUM_AGE } from '@casino/contracts/validation';
import { birthDateLimitsOf, minimumAgeWith } from '@casino/contracts/validator-config';
import type { TDb } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { getSetting } from '../metadata/index.ts';

export interface TRegistrationRules {
  termsActive: boolean;
  minimumAge: number;
  /** When a deposit needs a complete profile (cashier's deposit-profile.ts). */
  profileBeforeDeposit: 'never' | 'first' | 'always';
}

/**
 * The minimum age is the registration config's, made stricter (never looser) by the birth date's `minAge` in the
 * site's validator config list (spec §3).
 */
export const registrationRules = async (db: TDb): Promise<TRegistrationRules> => {
  const [registration, site] = await Promise.all([
    getSetting(db, 'registration-config'),
    getSetting(db, 'site-config') as Promise<{ validatorConfig?: unknown } | null>,
  ]);
  const validatorMinAge = birthDateLimitsOf(site?.validatorConfig).minAge;
  const parsed = ZRegistrationConfig.safeParse(registration);
  // An unreadable setting must not open sign-up without terms: the strictest reading applies.
  if (!parsed.success)
    return {
      termsActive: true,
      minimumAge: minimumAgeWith(DEFAULT_MINIMUM_AGE, validatorMinAge),
      profileBeforeDeposit: 'never',
    };
  return {
    termsActive: parsed.data.terms.isActive,
    minimumAge: minimumAgeWith(parsed.data.minimumAge ?? DEFAULT_MINIMUM_AGE, validatorMinAge),
    profileBeforeDeposit: parsed.data.profileBeforeDeposit ?? 'never',
  };
};

/** A new account while the terms are active needs them accepted: a field error on `terms` otherwise. */
export const assertTermsAccepted = (rules: TRegistrationRules, accepted: boolean) => {
  if (rules.termsActive && !accepted) throw invalidParameters({ terms: 'uncheckedCheckbox' });
};
