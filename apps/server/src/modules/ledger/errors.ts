/** The ledger's typed refusals: callers map them onto the §8 error of their call. */

/** A player account would go below zero; nothing moved. */
export class InsufficientFundsError extends Error {
  readonly account: string;
  constructor(account: string) {
    super(`insufficient funds on ${account}`);
    this.name = 'InsufficientFundsError';
    this.account = account;
  }
}

/** The idempotency key was used before for a different movement; nothing moved. */
export class IdempotencyConflictError extends Error {
  readonly idempotencyKey: string;
  constructor(idempotencyKey: string) {
    super(`idempotency key reused with different content: ${idempotencyKey}`);
    this.name = 'IdempotencyConflictError';
    this.idempotencyKey = idempotencyKey;
  }
}

/** The transaction itself is malformed (a programming error, never a player's). */
export class UnbalancedTransactionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnbalancedTransactionError';
  }
}

/** The PostgreSQL error code of a failure, when it is one. */
export const pgCode = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** The name of the constraint a PostgreSQL error broke, when it is one. */
export const pgConstraint = (error: unknown): string | undefined => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const constraint = (current as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};

/** The SQLSTATE, message and detail of a PostgreSQL failure (either driver, through Drizzle's wrapper). */
export const pgFailure = (error: unknown): { code: string; message: string; detail?: string } | undefined => {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const { code, message, detail } = current as { code?: unknown; message?: unknown; detail?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code))
      return {
        code,
        message: typeof message === 'string' ? message : '',
        ...(typeof detail === 'string' ? { detail } : {}),
      };
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
};
