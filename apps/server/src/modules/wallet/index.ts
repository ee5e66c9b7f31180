/** The wallet module's front door: what other modules may use of it. */
export { walletModule } from './module.ts';
export type { TPlacedBet, TRoundOrder, TRoundPlan } from './place-bet.ts';
export { placeBet } from './place-bet.ts';
export type { TProviderTransaction } from './provider-transactions.ts';
export { providerTransaction } from './provider-transactions.ts';
export type { TRoundBonus } from './round-bonus.ts';
export { bonusPartOf, roundBonus, roundBonuses } from './round-bonus.ts';
export { gameVolumeBetween, openRoundStakesAt, roundReturnsBetween } from './round-stats.ts';
export { keepSessionsOf } from './session-retention.ts';
export type { TWalletMode, TWalletSession } from './sessions.ts';
export { findSession, grantDemoFunds, SESSION_TTL_MS } from './sessions.ts';
export { socketTopics } from './socket.ts';
export type { TRows, TSharedStatement, TStatement } from './statements.ts';
export { visitorBalance, visitorCredit } from './visitor-wallet.ts';
export { blockedAsAppError, maxBetAsAppError, WalletError } from './wallet-error.ts';
export { walletService } from './wallet-service.ts';
export type { TMove, TMoveMany } from './wallet-transaction.ts';
export { walletTransaction } from './wallet-transaction.ts';
