/**
 * A back-office form parsed with zod, like an API call's params: the posted fields (a multipart form's text parts
 * read as their values, a repeated field as its list) go through one schema; a refusal is an
 * InvalidParameterException with a field code per field, which the route kit shows as a flash error.
 */
import { toCents } from '@casino/contracts';
import { z } from 'zod';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { MAX_FORM_AMOUNT } from './form-values.ts';

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

/** A whole number in [min, max]. */
export const formInt = (min: number, max: number) =>
  z
    .string()
    .trim()
    .min(1, 'requiredField')
    .regex(/^-?\d{1,9}$/, 'wrongField')
    .transform(Number)
    .refine((n) => n >= min, 'minValue')
    .refine((n) => n <= max, 'maxValue');

/** A checkbox: present is true. */
export const formCheckbox = () =>
  z
    .string()
    .optional()
    .transform((v) => v !== undefined && v !== '');
