/** The one-line messages shown after an action (carried as a code in the redirect, never as free text). */
import { AppError } from '../../platform/http/app-error.ts';
import type { TFlash } from './ui/layout.ts';

const OK: Record<string, string> = {
  approved: 'Withdrawal approved: the money is paid out.',
  declined: "Withdrawal declined: the money is back on the player's main balance.",
  banned: 'Player banned and signed out everywhere.',
  unbanned: 'Ban lifted.',
  sessions_ended: "All the player's sessions are ended.",
  adjusted: 'Adjustment posted.',
  kyc_approved: 'Verification approved: the player is verified.',
  kyc_rejected: 'Verification rejected; the player sees the reason.',
  signed_out: 'You are signed out.',
};

const ERRORS: Record<string, string> = {
  not_pending: 'That withdrawal is already settled (by you or another operator): nothing changed.',
  reason_requiredField: 'Give a reason (3 characters or more).',
  reason_minLength: 'The reason needs 5 characters or more.',
  reason_maxLength: 'The reason is too long (500 characters at most).',
  amount_insufficientFunds: 'Refused: that debit would take the balance below zero. Nothing moved.',
  amount_requiredField: 'Enter an amount.',
  amount_wrongField: 'Enter a positive amount with at most two decimals, e.g. 25.00.',
  amount_maxValue: 'That amount is over the single-adjustment limit (100,000.00).',
  account_wrongField: 'Choose the main or bonus balance.',
  direction_wrongField: 'Choose credit or debit.',
  key_used: 'That form was already used for another adjustment: reload the page and try again.',
  key_wrongField: 'The form expired: reload the page and try again.',
  id_notFound: 'Not found: it may have been removed.',
  id_deleted: 'The player is deleted: nothing to change.',
  unavailable: 'The verification service is not available.',
  kyc_not_pending: 'That verification is already decided (by you or another operator): nothing changed.',
  csrf: 'The form expired: please try again.',
  failed: 'That did not work: nothing changed.',
  session_ended: 'Your session ended. Please sign in again.',
  locked: 'Too many wrong codes: sign in again.',
};

/** The flash code of a refused action. */
export const flashCodeOf = (error: unknown): string => {
  if (!(error instanceof AppError)) return 'failed';
  if (error.type === 'WithdrawalDeclinedException') return 'not_pending';
  if (error.type === 'ApplicationUnavailableException') return 'unavailable';
  if (
    error.type === 'AccessDeniedException' &&
    String(error.errorData.reason ?? '').startsWith('verification_')
  )
    return 'kyc_not_pending';
  const fields = error.errorData.invalid_parameters as Record<string, string> | undefined;
  const [field, code] = Object.entries(fields ?? {})[0] ?? [];
  const key = `${field}_${code}`;
  return key in ERRORS ? key : 'failed';
};

export const flashFrom = (query: unknown): TFlash | null => {
  const q = (query ?? {}) as Record<string, unknown>;
  const ok = typeof q.ok === 'string' ? OK[q.ok] : undefined;
  if (ok) return { tone: 'ok', text: ok };
  const error = typeof q.error === 'string' ? ERRORS[q.error] : undefined;
  return error ? { tone: 'error', text: error } : null;
};
