/** A player action the rules do not allow: the server turns it into an invalid-parameters or a business error. */
export class GameRuleError extends Error {
  readonly code: string;
  readonly field: string | undefined;
  constructor(code: string, message: string, field?: string) {
    super(message);
    this.name = 'GameRuleError';
    this.code = code;
    this.field = field;
  }
}

export function rule(condition: unknown, code: string, message: string, field?: string): asserts condition {
  if (!condition) throw new GameRuleError(code, message, field);
}

/** Stakes are positive integer cents. */
export const assertStake = (stake: unknown, field = 'stake'): bigint => {
  if (typeof stake !== 'bigint' || stake <= 0n) {
    throw new GameRuleError('invalid_stake', 'the stake must be a positive number of cents', field);
  }
  return stake;
};
