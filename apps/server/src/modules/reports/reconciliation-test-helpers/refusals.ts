/** Test-only (reconciliation.property.test.ts): the refusals a random operation may meet, and no other. */

/** Refusals a random operation may meet: the player cannot afford it, a bonus rule, nothing left to act on. */
export const EXPECTED_REFUSALS = new Set([
  'UserNeedDepositException',
  'InvalidParameterException',
  'WithdrawalDeclinedException',
  'WithdrawalLimitsPeriodExceededException',
  'INSUFFICIENT_FUNDS',
  'BONUS_MAX_BET',
  'ROUND_CLOSED',
]);

/** An API answer's refusal, which must be an expected one; null when it went through. */
export const refusal = (label: string, r: { error: { type: string; error_data?: unknown } | null }) => {
  if (!r.error) return null;
  if (!EXPECTED_REFUSALS.has(r.error.type))
    throw new Error(`${label}: unexpected ${r.error.type} ${JSON.stringify(r.error.error_data)}`);
  return r.error.type;
};
