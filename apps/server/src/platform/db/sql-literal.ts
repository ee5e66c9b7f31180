/**
 * Values inlined into SQL text, for statements sent as simple-protocol lists (several statements in one round trip
 * cannot take parameters). Every value that goes into such a text goes through one of these; anything else uses
 * parameters.
 */
import pg from 'pg';

/** A text value (or null) as an SQL literal: quoted, quotes and backslashes escaped as PostgreSQL reads them. */
export const sqlText = (value: string | null): string => (value === null ? 'null' : pg.escapeLiteral(value));

/** A timestamp as an SQL literal of type timestamptz. */
export const sqlTime = (at: Date): string => `${sqlText(at.toISOString())}::timestamptz`;

/** A whole number as its digits; anything else (a fraction, NaN, text) is refused, never inlined. */
export const sqlInteger = (value: bigint | number): string => {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
  return BigInt(value).toString();
};

/** A value as JSON text in an SQL literal of type json. */
export const sqlJson = (value: unknown): string => `${sqlText(JSON.stringify(value))}::json`;

/** An array of SQL literals (already inlined with the helpers above) as an array of `type`. */
export const sqlArray = (literals: readonly string[], type: string): string => {
  if (!/^[a-z][a-z0-9_ ]*$/.test(type)) throw new Error(`bad SQL type: ${type}`);
  return `array[${literals.join(', ')}]::${type}[]`;
};
