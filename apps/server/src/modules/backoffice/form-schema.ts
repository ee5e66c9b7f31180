/**
 * A back-office form parsed with zod, like an API call's params: the posted fields (a multipart form's text parts
 * read as their values, a repeated field as its list) go through one schema; a refusal is an
 * InvalidParameterException with a field code per field, which the route kit shows as a flash error.
 */
import { type Cents, toCents } from '@casino/contracts';
import { z } from 'zod';
import { invalidParameters } from '../../platform/http/app-error.ts';

/** One amount stays under this (a typo guard: 100,000.00). */
const MAX_FORM_AMOUNT: Cents = 10_000_000n;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A real calendar day the database takes: `2026-13-45` and `2026-02-31` are no days (Postgres refuses them,
 * JavaScript rolls the second over to 3 March), nor is year 0000 (Postgres has no year zero) or 9999 (its next
 * day, an exclusive upper bound, is year 10000).
 */
export const isDay = (value: string) => {
  const at = DAY.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN;
  return (
    !Number.isNaN(at) &&
    new Date(at).toISOString().slice(0, 10) === value &&
    value >= '1970' &&
    value < '3000'
  );
};

const partValue = (value: unknown) =>
  value && typeof value === 'object' && (value as { type?: unknown }).type === 'field'
    ? (value as { value?: unknown }).value
    : value;

/** The posted body as plain strings (and string lists for repeated fields). */
export const formFields = (body: unknown): Record<string, string | string[]> => {
  const fields: Record<string, string | string[]> = {};
  if (!body || typeof body !== 'object') return fields;
  for (const [name, raw] of Object.entries(body as Record<string, unknown>)) {
    const value = Array.isArray(raw) ? raw.map((v) => String(partValue(v) ?? '')) : partValue(raw);
    if (typeof value === 'string' || Array.isArray(value)) fields[name] = value;
  }
  return fields;
};

/**
 * The uploaded file of a multipart form's part `name`: its bytes (empty when the file input was left empty), or
 * null when the form sent no such file part.
 */
export const formFile = (body: unknown, name: string): Buffer | null => {
  const part = (body as Record<string, unknown> | undefined)?.[name] as
    | { type?: string; _buf?: Buffer }
    | undefined;
  return part?.type === 'file' ? (part._buf ?? Buffer.alloc(0)) : null;
};

/** A rule's message is its code (`requiredField`, `maxValue`...); zod's own messages read as `wrongField`. */
const CODE = /^[a-z][A-Za-z]{2,40}$/;

/**
 * The form's fields through `schema`; throws InvalidParameterException with each refused field's code (the first
 * per field; a field left out is `requiredField`), which the back-office's flash messages name.
 */
export const parseForm = <T extends z.ZodType>(schema: T, body: unknown): z.output<T> => {
  const input = formFields(body);
  const parsed = schema.safeParse(input);
  if (parsed.success) return parsed.data;
  const codes: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const name = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    if (codes[name]) continue;
    const missing = input[String(issue.path[0] ?? '')] === undefined;
    codes[name] = CODE.test(issue.message) ? issue.message : missing ? 'requiredField' : 'wrongField';
  }
  throw invalidParameters(codes);
};

/** Text as typed, trimmed; '' is refused as `requiredField`. */
export const formText = (max = 200) =>
  z
    .string()
    .trim()
    .min(1, 'requiredField')
    .max(max, 'maxLength')
    .refine((v) => !v.includes('\0'), 'wrongField');

/** A positive amount in major units ("25.00"), at most two decimals, under MAX_FORM_AMOUNT: in cents. */
export const formAmount = () =>
  z
    .string()
    .trim()
    .min(1, 'requiredField')
    .regex(/^\d{1,9}(\.\d{1,2})?$/, 'wrongField')
    .transform((v) => toCents(v))
    .refine((cents) => cents > 0n, 'wrongField')
    .refine((cents) => cents <= MAX_FORM_AMOUNT, 'maxValue');

/** The reason an operator gives (recorded in the audit log): 5 to 500 characters, trimmed. */
export const formReason = () =>
  z.string().trim().min(1, 'requiredField').min(5, 'minLength').max(500, 'maxLength');

/** The form's one-time key (a UUID rendered into it), so a double submit acts once; absent or malformed: wrongField. */
export const formKey = () =>
  z
    .string()
    .regex(/^[0-9a-f-]{36}$/i, 'wrongField')
    .prefault('');

/** One of `values` (a radio group, a select); absent or another: wrongField. */
export const formChoice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .prefault('')
    .pipe(z.enum(values, { error: 'wrongField' }));

/** A text field as typed ('' when absent); a repeated field reads as its first value. */
export const formString = () =>
  z.preprocess((v) => (Array.isArray(v) ? (v[0] ?? '') : v), z.string().prefault(''));

/** Every value of a repeated field (checkbox groups, table rows), in document order; none is []. */
export const formList = () =>
  z.preprocess((v) => (typeof v === 'string' ? [v] : v), z.array(z.string()).prefault([]));

/** A flag posted as '1' (a checkbox whose value is 1): anything else is false. */
export const formFlag = () => formString().transform((v) => v === '1');

/** `schema` when the field is filled in; blank or absent is null (an optional amount, date or limit). */
export const formOptional = <T extends z.ZodType>(schema: T) =>
  z
    .preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional())
    .transform((v) => v ?? null);

/** A whole number (7 digits at most) in [min, max] as the promotions forms count: below `min` is wrongField. */
export const formWhole = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, 'requiredField')
    .regex(/^-?\d{1,7}$/, 'wrongField')
    .transform(Number)
    .refine((n) => n <= max, 'maxValue')
    .refine((n) => n >= min, 'wrongField');

/** An amount that may be zero (a minimum): blank, absent or 0 is 0n, else a positive amount. */
export const formAmountOrZero = () =>
  z
    .preprocess(
      (v) => (typeof v === 'string' && /^\s*(0+(\.0{1,2})?)?\s*$/.test(v) ? undefined : v),
      formAmount().optional(),
    )
    .transform((v) => v ?? 0n);

/** A day (YYYY-MM-DD, UTC midnight) or a minute (YYYY-MM-DDTHH:MM, UTC), as a Date. */
export const formDate = () =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?$/.exec(value);
      const at = match ? new Date(`${match[1]}T${match[2] ?? '00:00'}:00Z`) : null;
      if (at && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === match?.[1]) return at;
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    });

/** Decimal odds with at most three decimals, 1.00 to 1000, as thousandths (1.5 → 1500). */
export const formOdds = () =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}(\.\d{1,3})?$/, 'wrongField')
    .transform((value) => {
      const [whole = '0', fraction = ''] = value.split('.');
      return Number(whole) * 1000 + Number(fraction.padEnd(3, '0'));
    })
    .refine((thousandths) => thousandths >= 1000, 'minValue')
    .refine((thousandths) => thousandths <= 1_000_000, 'maxValue');
