/** The cashier module's front door: what other modules may use of it. */
export { adjustmentApproval, adjustmentsArea } from './admin/adjustments-area.ts';
export { ADJUSTMENTS_FLASH } from './admin/adjustments-flash.ts';
export { adjustmentPanel, depositLimitFact } from './admin/player-panels.ts';
export { withdrawalApproval } from './admin/withdrawal-controls.ts';
export { countPendingWithdrawals } from './admin/withdrawal-queue.ts';
export { withdrawalsArea } from './admin/withdrawals-area.ts';
export { WITHDRAWALS_FLASH } from './admin/withdrawals-flash.ts';
export { getDepositLimit } from './deposit-limit.ts';
export type { TDepositOfferHandler, TDepositOfferInput } from './deposit-offers.ts';
export { countSuccessfulDeposits, registerDepositOfferHandler } from './deposit-offers.ts';
export { cashierModule } from './module.ts';
export type { TPaidDeposit } from './paid-deposit-hooks.ts';
export { registerPaidDepositHook } from './paid-deposit-hooks.ts';
export { countPaidDepositsBetween } from './paid-deposits.ts';
export { pendingWithdrawalAmounts } from './pending-withdrawals.ts';
export { PAYMENT_METHODS } from './settings.ts';
export type {
  TWithdrawalCheck,
  TWithdrawalHeldBonus,
  TWithdrawalPreview,
  TWithdrawalRule,
  TWithdrawalSettle,
} from './withdrawal-checks.ts';
export { registerWithdrawalCheck } from './withdrawal-checks.ts';
