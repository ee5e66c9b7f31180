/**
 * The one-line messages shown after an action (carried as a code in the redirect, never as free text). The shell
 * holds its own (signing in and out, operators) and the codes several features share (a reason, an amount, a
 * player not found, the form's key); each feature registers its own with its area (ADMIN_FEATURES.messages).
 */
import { AppError } from '../../platform/http/app-error.ts';
import type { TFlash } from './ui/layout.ts';

const OK: Record<string, string> = {
  signed_out: 'You are signed out.',
  // The loyalty catalogue and the site settings.
  saved: 'Saved. The site shows it within 10 seconds.',
  // A balance and a loyalty points adjustment.
  adjusted: 'Adjustment posted.',
  role_changed: 'Role changed; the operator’s open sessions follow it at once.',
  operator_status: 'Operator status changed.',
};

const ERRORS: Record<string, string> = {
  reason_requiredField: 'Give a reason (3 characters or more).',
  reason_minLength: 'The reason needs 5 characters or more.',
  reason_maxLength: 'The reason is too long (500 characters at most).',
  reason_wrongField: 'The reason has characters that cannot be stored (control characters).',
  amount_requiredField: 'Enter an amount.',
  amount_wrongField: 'Enter a positive amount with at most two decimals, e.g. 25.00.',
  amount_maxValue: 'That amount is over the single-adjustment limit (100,000.00).',
  direction_wrongField: 'Choose credit or debit.',
  key_wrongField: 'The form expired: reload the page and try again.',
  id_notFound: 'Not found: it may have been removed.',
  csrf: 'The form expired: please try again.',
  id_self: 'You cannot change your own role or status: ask another admin.',
  role_wrongField: 'Choose one of the roles.',
  status_wrongField: 'Choose active or disabled.',
  email_wrongField: 'Enter the operator’s e-mail address.',
  email_taken: 'An operator with that e-mail exists already.',
  failed: 'That did not work: nothing changed.',
  session_ended: 'Your session ended. Please sign in again.',
  locked: 'Too many wrong codes: sign in again.',
  bad_input:
    'That request held characters the back-office does not accept (such as NUL) or could not be read: nothing changed.',
};

/** A feature's own messages (its admin/ folder's), added when the back-office starts (routes.ts). */
export interface TFlashMessages {
  ok?: Record<string, string>;
  errors?: Record<string, string>;
  /**
   * The feature's pages (a path prefix, e.g. `/admin/content`): there its messages win over another feature's of
   * the same code (a banner's title and a content page's are both `title_requiredField`). Elsewhere the feature
   * registered last wins.
   */
  under?: string;
  /** The flash code of a refusal the feature names by its kind rather than by a field; null: not one of its own. */
  codeOf?: (error: AppError) => string | null;
}

const scoped: { under: string; ok: Record<string, string>; errors: Record<string, string> }[] = [];
const codesOf: ((error: AppError) => string | null)[] = [];
const added = new Set<TFlashMessages>();

/** Adds a feature's messages once (every app the process builds registers the same features). */
export const addFlashMessages = (messages: TFlashMessages) => {
  if (added.has(messages)) return;
  added.add(messages);
  const { ok = {}, errors = {}, under, codeOf } = messages;
  Object.assign(OK, ok);
  Object.assign(ERRORS, errors);
  // The deepest pages' messages first (`/admin/promotions/templates` before `/admin/promotions`), else the newest.
  if (under) {
    scoped.unshift({ under, ok, errors });
    scoped.sort((a, b) => b.under.length - a.under.length);
  }
  if (codeOf) codesOf.push(codeOf);
};

/** The flash code of a refused action. */
export const flashCodeOf = (error: unknown): string => {
  if (!(error instanceof AppError)) return 'failed';
  for (const codeOf of codesOf) {
    const code = codeOf(error);
    if (code) return code;
  }
  const fields = error.errorData.invalid_parameters as Record<string, string> | undefined;
  const [field, code] = Object.entries(fields ?? {})[0] ?? [];
  const key = `${field}_${code}`;
  return Object.hasOwn(ERRORS, key) ? key : 'failed';
};

/** Runs an action; a refusal (AppError) is its flash code, success null. */
export const attempt = async (action: () => Promise<unknown>): Promise<string | null> => {
  try {
    await action();
    return null;
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return flashCodeOf(error);
  }
};

/** The text of a code on the page at `path`: the messages of the features whose pages these are first. */
const textOf = (kind: 'ok' | 'errors', code: string, path: string) => {
  for (const messages of scoped)
    if (
      (path === messages.under || path.startsWith(`${messages.under}/`)) &&
      Object.hasOwn(messages[kind], code)
    )
      return messages[kind][code];
  const all = kind === 'ok' ? OK : ERRORS;
  return Object.hasOwn(all, code) ? all[code] : undefined;
};

/** The flash of a page's query (`ok=` or `error=` and a code), as shown on the page at `path`. */
export const flashFrom = (query: unknown, path = ''): TFlash | null => {
  const q = (query ?? {}) as Record<string, unknown>;
  const ok = typeof q.ok === 'string' ? textOf('ok', q.ok, path) : undefined;
  if (ok) return { tone: 'ok', text: ok };
  const error = typeof q.error === 'string' ? textOf('errors', q.error, path) : undefined;
  return error ? { tone: 'error', text: error } : null;
};
