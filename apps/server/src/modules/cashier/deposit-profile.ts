/**
 * The operator's rule that a deposit needs a complete profile (spec §8 UserNeedProfileDataException; the site
 * answers it with the fill-profile prompt, toast type fill_for_deposit of spec §3): the registration config's
 * `profileBeforeDeposit` — never (the default), before the first deposit, or before every one. Complete means
 * every personal field the player's country requires and shows (spec §3 Profile field definition) is filled.
 */
import { personalDataFields } from '@casino/contracts/countries';
import type { TDb } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { registrationRules } from '../auth/index.ts';
import type { TPlayer } from '../players/index.ts';
import { countSuccessfulDeposits } from './deposit-offers.ts';

type TProfileHolder = Pick<TPlayer, 'countryCode' | 'profile'>;

/** The required personal fields the player has not filled, in the profile's order. */
export const missingProfileFields = (player: TProfileHolder): string[] =>
  personalDataFields(player.countryCode)
    .filter((d) => d.params.is_required && d.params.is_visible)
    .map((d) => d.sysname)
    .filter((sysname) => {
      const value =
        sysname === 'country_code'
          ? player.countryCode
          : (player.profile as Record<string, unknown>)[sysname];
      return value === undefined || value === null || String(value).trim() === '';
    });

export const assertProfileForDeposit = async (db: TDb, player: TPlayer) => {
  const { profileBeforeDeposit } = await registrationRules(db);
  if (profileBeforeDeposit === 'never') return;
  const missing = missingProfileFields(player);
  if (missing.length === 0) return;
  if (profileBeforeDeposit === 'first' && (await countSuccessfulDeposits(db, player.id)) > 0) return;
  throw new AppError('UserNeedProfileDataException', { fields: missing, toast_type: 'fill_for_deposit' });
};
