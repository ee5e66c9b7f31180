/** The bets module's front door: what other modules may use of it. */
export type { TBetEvent, TBetEventKind } from './bet-event.ts';
export type { TBetConsequence, TBetReport } from './pipeline.ts';
export type { TBetSettlement, TSettlementConsequence } from './settlement-consequences.ts';
