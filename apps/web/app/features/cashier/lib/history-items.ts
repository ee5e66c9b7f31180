/**
 * How the history draws a transaction: a sign only where money moved (a completed deposit credited it, a
 * withdrawal held or paid took it), and why a refunded deposit was not credited.
 */

/** The statuses of cashier.gethistory (contracts' CASHIER_STATUSES; kept here so no zod reaches the page). */
export const HISTORY_STATUSES = [
  'new',
  'pending',
  'success',
  'failed',
  'cancelled',
  'expired',
  'refunded',
] as const;

export const amountSign = (type: string, status: string): '+' | '−' | '' => {
  if (type === 'deposit') return status === 'success' ? '+' : '';
  return status === 'success' || status === 'pending' ? '−' : '';
};

/** The message of a refund's reason, or of a declined withdrawal's (contracts' CASHIER_REASONS). */
export const REFUND_REASONS: Record<string, [string, string]> = {
  deposit_limit: [
    'cashier.history.reasonDepositLimit',
    'Not credited: it would have passed your deposit limit. The money is being sent back to you.',
  ],
  cancelled: [
    'cashier.history.reasonCancelled',
    'Not credited: it arrived after you cancelled it. The money is being sent back to you.',
  ],
  declined: ['cashier.history.reasonDeclined', 'Declined by our team: the money is back in your balance.'],
};
