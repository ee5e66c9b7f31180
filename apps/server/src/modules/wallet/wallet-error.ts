import { toMajor } from '@casino/contracts';
import { AppError } from '../../platform/http/app-error.ts';

/** The wallet API's refusals: a stable code for providers and the HTTP status it answers with. */
export const WALLET_ERRORS = {
  INVALID_SIGNATURE: 401,
  BAD_REQUEST: 400,
  SESSION_NOT_FOUND: 404,
  SESSION_EXPIRED: 403,
  PLAYER_BLOCKED: 403,
  INSUFFICIENT_FUNDS: 402,
  TRANSACTION_ROLLED_BACK: 409,
  TRANSACTION_MISMATCH: 409,
  ROUND_MISMATCH: 409,
  ROUND_CLOSED: 409,
  TRANSACTION_NOT_FOUND: 404,
  /** The stake is over the active bonus's max bet; the message is the max bet in minor units. */
  BONUS_MAX_BET: 403,
} as const;
export type TWalletErrorCode = keyof typeof WALLET_ERRORS;

export class WalletError extends Error {
  readonly code: TWalletErrorCode;
  readonly status: number;
  /** The §8 error a player's own call answers (a responsible-gaming refusal's reason), when there is one. */
  readonly appError: AppError | null;
  constructor(code: TWalletErrorCode, message: string = code, appError: AppError | null = null) {
    super(message);
    this.name = 'WalletError';
    this.code = code;
    this.status = WALLET_ERRORS[code];
    this.appError = appError;
  }
}

/** What a game answers for a wallet PLAYER_BLOCKED: the responsible-gaming reason when there is one. */
export const blockedAsAppError = (error: WalletError) =>
  error.appError ?? new AppError('AccessDeniedException');

/**
 * BONUS_MAX_BET as the field error a player's own call answers (games.play, a table bet): the stake field is `bet`,
 * error_data.max_bet the limit in major units.
 */
export const maxBetAsAppError = (error: WalletError) =>
  new AppError('InvalidParameterException', {
    invalid_parameters: { bet: 'bonusMaxBet' },
    max_bet: toMajor(BigInt(/^\d+$/.test(error.message) ? error.message : '0')),
  });
