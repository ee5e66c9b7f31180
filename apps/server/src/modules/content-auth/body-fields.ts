/**
 * Reads a content-client body: a JSON (or form) object whose named fields are strings of bounded length, without
 * NUL characters. Anything else answers Strapi's ValidationError naming the fields, never a 500.
 */
import { fieldErrors, type TFieldError, validationError } from './strapi-errors.ts';

export interface TFieldRule {
  required?: boolean;
  max: number;
}

export const readFields = <TName extends string>(
  body: unknown,
  rules: Record<TName, TFieldRule>,
): Record<TName, string> => {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw validationError('The body must be a JSON object');
  const source = body as Record<string, unknown>;
  const values = {} as Record<TName, string>;
  const errors: TFieldError[] = [];
  const fail = (field: string, message: string) =>
    errors.push({ path: [field], message, name: 'ValidationError' });
  for (const [field, rule] of Object.entries(rules) as [TName, TFieldRule][]) {
    const value = source[field];
    if (value === undefined || value === null || value === '') {
      if (rule.required) fail(field, `${field} is a required field`);
      values[field] = '';
    } else if (typeof value !== 'string') fail(field, `${field} must be a \`string\` type`);
    else if (value.includes('\0')) fail(field, `${field} must not contain NUL characters`);
    else if (value.length > rule.max) fail(field, `${field} must be at most ${rule.max} characters`);
    else values[field] = value;
  }
  if (errors.length > 0) throw fieldErrors(errors);
  return values;
};

export const EMAIL_RULE = { required: true, max: 200 } as const;
export const PASSWORD_RULE = { required: true, max: 200 } as const;
export const TOTP_RULE = { max: 20 } as const;
