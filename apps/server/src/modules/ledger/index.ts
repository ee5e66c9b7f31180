/** The ledger module's front door: what other modules may use of it. */

export type { THouseAccount } from './accounts.ts';
export { HOUSE } from './accounts.ts';
export { auditLedger } from './audit.ts';
export type { TBalances } from './balances.ts';
export { BALANCE_UPDATED, balancePayload, getBalances, publishBalances } from './balances.ts';
export { IdempotencyConflictError, InsufficientFundsError, pgConstraint, pgFailure } from './errors.ts';
export { playTotalsSince } from './play-totals.ts';
export type { TLedgerLine } from './player-entries.ts';
export { playerLedgerPage } from './player-entries.ts';
export type { TEntryInput } from './post-transaction.ts';
export {
  isTransaction,
  ledgerErrorOf,
  lockPlayerAccounts,
  postInTransaction,
  postTransaction,
} from './post-transaction.ts';
export { ledgerPostingsSoFar } from './postings-count.ts';
export type { TBalanceGroup } from './report-movements.ts';
export {
  depositedBefore,
  houseMovementsBetween,
  playerBalancesAt,
  playerMovementsBetween,
} from './report-movements.ts';
export { queryRows, textArray, toBigInt } from './sql.ts';
