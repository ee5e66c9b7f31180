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
  recomputed: 'The day is recomputed from the ledger.',
  saved: 'Saved. The site shows it within 10 seconds.',
  games_saved: 'Saved. The lobby shows it within 10 seconds.',
  role_changed: 'Role changed; the operator’s open sessions follow it at once.',
  operator_status: 'Operator status changed.',
  tournament_created: 'Tournament created. The site shows it now.',
  tournament_saved: 'Tournament saved.',
  tournament_cancelled: 'Tournament cancelled: paid entry fees are back on the players’ main balances.',
  jackpot_created: 'Jackpot created: its pools are seeded and running.',
  jackpot_saved: 'Jackpot saved.',
  market_suspended: 'Market suspended: no bets are taken on it until it is resumed.',
  market_resumed: 'Market resumed at its current prices.',
  market_settled: 'Market settled: its bets are paid as the feed would pay them.',
  market_voided: 'Market voided: every stake on it is returned.',
  stake_factor_saved: "Stake factor saved: the player's next bets follow it.",
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
  day: 'Give a day as YYYY-MM-DD.',
  id_self: 'You cannot change your own role or status: ask another admin.',
  role_wrongField: 'Choose one of the roles.',
  status_wrongField: 'Choose active or disabled.',
  failed: 'That did not work: nothing changed.',
  session_ended: 'Your session ended. Please sign in again.',
  locked: 'Too many wrong codes: sign in again.',
  stock_wrongField: 'Give the stock as a whole number of units, or leave it empty for unlimited.',
  stock_maxValue: 'That stock is over the limit (1,000,000 units).',
  min_points_firstLevel: 'The first level (at 0 points) is where every player starts: it stays active.',
  state_wrongField:
    'Only an open tournament can change or be cancelled: this one is closing, finished or cancelled.',
  reason_wrongField: 'The reason has characters that cannot be stored (control characters).',
  bad_input:
    'That request held characters the back-office does not accept (such as NUL) or could not be read: nothing changed.',
  event_notFound: 'There is no such event: nothing changed.',
  market_notFound: 'There is no such market on this event: nothing changed.',
  market_settled:
    'That market is settled or deactivated: settle it again to correct it, it cannot be suspended or resumed.',
  market_noOutcomes: 'That market has no outcomes to settle.',
  winners_requiredField: 'Tick the outcomes that won (or void the market instead).',
  confirm_requiredField:
    'Tick the confirmation: settling or voiding moves every bet on the market. Nothing changed.',
  winners_wrongField: 'Tick one or more of the market’s own outcomes, not all of them.',
  factor_requiredField: 'Enter a stake factor.',
  factor_wrongField: 'A stake factor is a number from 0 to 100 with at most three decimals, e.g. 0.5.',
};

/** A feature's own messages (its admin/ folder's), added when the back-office starts (routes.ts). */
export interface TFlashMessages {
  ok?: Record<string, string>;
  errors?: Record<string, string>;
}
export const addFlashMessages = ({ ok = {}, errors = {} }: TFlashMessages) => {
  Object.assign(OK, ok);
  Object.assign(ERRORS, errors);
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

export const flashText = (code: string) => ERRORS[code] ?? ERRORS.failed ?? '';

export const flashFrom = (query: unknown): TFlash | null => {
  const q = (query ?? {}) as Record<string, unknown>;
  const ok = typeof q.ok === 'string' ? OK[q.ok] : undefined;
  if (ok) return { tone: 'ok', text: ok };
  const error = typeof q.error === 'string' ? ERRORS[q.error] : undefined;
  return error ? { tone: 'error', text: error } : null;
};
