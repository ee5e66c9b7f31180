import { z } from 'zod';
import type { TRule } from './validation.ts';

/** Who may make a call: anyone (visitors too) or a signed-in player only. */
export type TCallAccess = 'any' | 'user';

export interface TCallContract<P extends z.ZodType = z.ZodType, D extends z.ZodType = z.ZodType> {
  /** `namespace.method` exactly as spec §7 writes it; matched case-insensitively. */
  name: string;
  method: 'GET' | 'POST';
  access: TCallAccess;
  summary: string;
  params: P;
  data: D;
}

export const defineCall = <P extends z.ZodType, D extends z.ZodType>(call: TCallContract<P, D>) => call;

export type TParams<C extends TCallContract> = z.input<C['params']>;
export type TParsedParams<C extends TCallContract> = z.output<C['params']>;
export type TData<C extends TCallContract> = z.output<C['data']>;

/** A form text field: always a string on the wire; an absent field is the empty string. */
export const zText = () =>
  z
    .string()
    .optional()
    .transform((v) => v ?? '');

/** A text field checked by a §5 rule; the rule's code becomes the issue message. */
export const zRule = (rule: TRule) =>
  zText().superRefine((value, ctx) => {
    const failure = rule(value);
    if (failure) ctx.addIssue({ code: 'custom', message: failure });
  });

/** A '1'/'0' flag (also true/false) as a boolean. */
export const zFlag = (fallback = false) =>
  z
    .union([z.boolean(), z.string(), z.number()])
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? fallback : v === true || v === 1 || v === '1' || v === 'true',
    );

/** An integer given as text, with bounds and a default. */
export const zInt = (options: { min?: number; max?: number; fallback?: number } = {}) =>
  z
    .union([z.string(), z.number()])
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') {
        if (options.fallback !== undefined) return options.fallback;
        ctx.addIssue({ code: 'custom', message: 'requiredField' });
        return z.NEVER;
      }
      const n = typeof v === 'number' ? v : /^-?\d+$/.test(v.trim()) ? Number(v) : Number.NaN;
      if (
        !Number.isSafeInteger(n) ||
        (options.min !== undefined && n < options.min) ||
        (options.max !== undefined && n > options.max)
      ) {
        ctx.addIssue({ code: 'custom', message: 'wrongField' });
        return z.NEVER;
      }
      return n;
    });

/** The largest value of a PostgreSQL `integer` column (the `serial` ids). */
export const INT4_MAX = 2_147_483_647;
/** The largest `bigint` id a number holds exactly (2^53 - 1; the column itself goes to 2^63 - 1). */
export const BIGINT_ID_MAX = Number.MAX_SAFE_INTEGER;

/**
 * A row id sent as text, bounded to its column's range: `integer` (serial) 1..2^31-1, `bigint` 1..2^53-1. An id no
 * row can have is `wrongField` here, before it reaches a query the database would refuse with an error.
 */
export const zId = (column: 'integer' | 'bigint', options: { fallback?: number } = {}) =>
  zInt({ min: 1, max: column === 'integer' ? INT4_MAX : BIGINT_ID_MAX, ...options });

/** A JSON value sent as text (spec §7: options as JSON text). */
export const zJsonText = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return undefined;
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'wrongField' });
        return z.NEVER;
      }
    })
    .pipe(schema.optional());

/** A comma-separated list (`fields=id,name`) or repeated params as a string array. */
export const zList = () =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter((s) => s !== ''),
    );

/** Money in the API: major units with 2 decimals, e.g. 12.5 → 12.5 (a number; see formatMoney for text). */
export const zMoney = () => z.number();

export const zEmpty = () => z.object({}).loose();
