/** Account info and balances as the API shows them (spec §3): cents become major units with 2 decimals. */
import { type Cents, DEFAULT_CURRENCY, toMajor } from '@casino/contracts';
import type { TAccountInfo } from '@casino/contracts/calls/account';
import type { TExecutor } from '../../platform/db/database.ts';
import { getBalances, type TBalances } from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { findContact } from '../players/index.ts';

const money = (cents: Cents, currency: string) => ({ amount: toMajor(cents), currency });

export const presentBalances = (balances: TBalances, currency: string) => ({
  balance: money(balances.main, currency),
  bonus_balance: money(balances.bonus, currency),
  betting_bonus_balance: money(balances.betting_bonus, currency),
  fun_balance: money(balances.fun, currency),
});

const NO_MONEY: TBalances = { main: 0n, bonus: 0n, betting_bonus: 0n, fun: 0n };

/** The balances plus total_balance = main + bonus + betting bonus (summed in cents). */
export const readBalance = async (db: TExecutor, player: TPlayer) => {
  const balances = await getBalances(db, player.id);
  return {
    ...presentBalances(balances, player.currency),
    total_balance: money(balances.main + balances.bonus + balances.betting_bonus, player.currency),
  };
};

export const visitorInfo = (locale: string): TAccountInfo => ({
  uid: 0,
  reg_time: 0,
  login: '',
  fakename: '',
  is_subscribed: false,
  ...presentBalances(NO_MONEY, DEFAULT_CURRENCY),
  is_on_verification: false,
  is_verified: false,
  is_kyc_block_enabled: false,
  is_registration_completed: false,
  country_code: '',
  locale,
  two_factor_auth: false,
});

export const readAccountInfo = async (db: TExecutor, player: TPlayer): Promise<TAccountInfo> => {
  const balances = await getBalances(db, player.id);
  // Mailings go to the e-mail: its subscription is the account's; without one, the player's own flag.
  const email = await findContact(db, player.id, 'email');
  return {
    uid: player.id,
    reg_time: Math.floor(player.createdAt.getTime() / 1000),
    login: player.login,
    fakename: player.fakename ?? '',
    is_subscribed: email ? email.isSubscribed : player.isSubscribed,
    ...presentBalances(balances, player.currency),
    is_on_verification: player.isOnVerification,
    is_verified: player.isVerified,
    is_kyc_block_enabled: player.isKycBlockEnabled,
    is_registration_completed: player.isRegistrationCompleted,
    country_code: player.countryCode ?? '',
    locale: player.locale,
    two_factor_auth: player.twoFactorEnabled,
  };
};
