/** Spec §3: the total balance is main + bonus + betting bonus, shown as `$1,234.56`. */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import { DEFAULT_CURRENCY, formatMoney, toCents } from '@casino/contracts/money';

type TBalances = Pick<TAccountInfo, 'balance' | 'bonus_balance' | 'betting_bonus_balance'>;

export const totalBalanceCents = (info: TBalances) =>
  toCents(info.balance.amount) +
  toCents(info.bonus_balance.amount) +
  toCents(info.betting_bonus_balance.amount);

export const formatTotalBalance = (info: TBalances) =>
  formatMoney(totalBalanceCents(info), info.balance.currency || DEFAULT_CURRENCY);
