/**
 * Hub88's Wallet API over our seamless wallet: each call is checked (token → our wallet session, its player and
 * currency), then a bet goes through placeBet (wallet.walletService.bet, the one bet service) and a win or a
 * rollback through the wallet's call, so wagering, loyalty, tournaments and jackpots count them like our own
 * games'. The wallet keeps Hub88's guarantees: one movement per transaction_uuid (a retry answers the first
 * answer; the same id with other data is RS_ERROR_DUPLICATE_TRANSACTION), a rollback before its bet remembered
 * (the late bet is RS_ERROR_TRANSACTION_ROLLED_BACK), wins and rollbacks accepted after the token expired, and
 * every call on one player serialised on the database.
 */
import type { z } from 'zod';
import type { TAppContext } from '../../platform/context.ts';
import { findPlayerById } from '../players/index.ts';
import {
  findSession,
  providerTransaction,
  type TWalletSession,
  WalletError,
  walletService,
} from '../wallet/index.ts';
import {
  fromHub88Amount,
  playerOfUser,
  statusOfInvalid,
  type TBetRequest,
  type THub88Status,
  type TRollbackRequest,
  type TWalletReply,
  type TWinRequest,
  toHub88Balance,
  userOf,
  ZBalanceRequest,
  ZBetRequest,
  ZRollbackRequest,
  ZUserInfoRequest,
  ZWinRequest,
} from './protocol.ts';

/** Our wallet sessions opened for Hub88's games carry this provider: its transaction ids are Hub88's. */
export const HUB88_PROVIDER = 'hub88';

type TCtx = TAppContext;

/** A refusal with the status Hub88 expects. */
class Hub88Refusal extends Error {
  readonly status: THub88Status;
  constructor(status: THub88Status) {
    super(status);
    this.status = status;
  }
}

/** The wallet's refusals as Hub88's statuses. */
export const statusOfWalletError = (error: WalletError): THub88Status => {
  switch (error.code) {
    case 'INVALID_SIGNATURE':
      return 'RS_ERROR_INVALID_SIGNATURE';
    case 'BAD_REQUEST':
      return 'RS_ERROR_WRONG_SYNTAX';
    case 'SESSION_NOT_FOUND':
      return 'RS_ERROR_INVALID_TOKEN';
    case 'SESSION_EXPIRED':
      return 'RS_ERROR_TOKEN_EXPIRED';
    case 'PLAYER_BLOCKED':
      // An exclusion or a blocked account stops every bet; a limit reached stops this one.
      return !error.appError || error.message === 'self_excluded'
        ? 'RS_ERROR_USER_DISABLED'
        : 'RS_ERROR_LIMIT_REACHED';
    case 'BONUS_MAX_BET':
      return 'RS_ERROR_LIMIT_REACHED';
    case 'INSUFFICIENT_FUNDS':
      return 'RS_ERROR_NOT_ENOUGH_MONEY';
    case 'TRANSACTION_ROLLED_BACK':
      return 'RS_ERROR_TRANSACTION_ROLLED_BACK';
    case 'TRANSACTION_MISMATCH':
      return 'RS_ERROR_DUPLICATE_TRANSACTION';
    case 'TRANSACTION_NOT_FOUND':
      return 'RS_ERROR_TRANSACTION_DOES_NOT_EXIST';
    case 'ROUND_CLOSED':
      return error.message === 'the round was rolled back'
        ? 'RS_ERROR_TRANSACTION_ROLLED_BACK'
        : 'RS_ERROR_UNKNOWN';
    default:
      return 'RS_ERROR_UNKNOWN';
  }
};

const parse = <T extends z.ZodType>(schema: T, body: unknown): z.output<T> => {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Hub88Refusal(statusOfInvalid(parsed.error));
  return parsed.data;
};

/** The session the token names, checked against the user Hub88 sent. */
const sessionOf = async (ctx: TCtx, token: string, user: string): Promise<TWalletSession> => {
  let session: TWalletSession;
  try {
    session = await findSession(ctx.db, token);
  } catch (error) {
    if (error instanceof WalletError) throw new Hub88Refusal('RS_ERROR_INVALID_TOKEN');
    throw error;
  }
  if (session.provider !== HUB88_PROVIDER || userOf(session.playerId) !== user)
    throw new Hub88Refusal('RS_ERROR_INVALID_TOKEN');
  return session;
};

const amountOf = (units: number) => {
  const cents = fromHub88Amount(units);
  // Our ledger holds whole cents: a fraction of a cent cannot be booked exactly.
  if (cents === null) throw new Hub88Refusal('RS_ERROR_WRONG_TYPES');
  return cents;
};

/** The reply with the balance a player can stake now (what a bet may take), or without one when unknown. */
const reply = async (
  ctx: TCtx,
  request: { user: string; request_uuid: string; token?: string },
  status: THub88Status,
  known?: { balance: number; currency: string },
): Promise<TWalletReply> => {
  const base = { user: request.user, status, request_uuid: request.request_uuid };
  if (known) return { ...base, currency: known.currency, balance: toHub88Balance(known.balance) };
  if (!request.token) return base;
  try {
    const now = await walletService.balance(ctx, { session: request.token });
    return { ...base, currency: now.currency, balance: toHub88Balance(now.balance) };
  } catch {
    return base;
  }
};

/** Runs a call, answering a refusal with its status (and the balance, as Hub88 asks for with each status). */
const answer = async (ctx: TCtx, body: unknown, run: () => Promise<TWalletReply>): Promise<TWalletReply> => {
  const echo = {
    user: typeof (body as { user?: unknown })?.user === 'string' ? (body as { user: string }).user : '',
    request_uuid:
      typeof (body as { request_uuid?: unknown })?.request_uuid === 'string'
        ? (body as { request_uuid: string }).request_uuid
        : '',
    token:
      typeof (body as { token?: unknown })?.token === 'string'
        ? (body as { token: string }).token
        : undefined,
  };
  try {
    return await run();
  } catch (error) {
    if (error instanceof Hub88Refusal) {
      const withBalance =
        error.status !== 'RS_ERROR_INVALID_TOKEN' && error.status !== 'RS_ERROR_WRONG_SYNTAX';
      return reply(ctx, withBalance ? echo : { ...echo, token: undefined }, error.status);
    }
    if (error instanceof WalletError) return reply(ctx, echo, statusOfWalletError(error));
    throw error;
  }
};

export const userInfo = (ctx: TCtx, body: unknown) =>
  answer(ctx, body, async () => {
    const request = parse(ZUserInfoRequest, body);
    const playerId = playerOfUser(request.user);
    const player = playerId === null ? undefined : await findPlayerById(ctx.db, playerId);
    if (!player) throw new Hub88Refusal('RS_ERROR_INVALID_TOKEN');
    const birth = (player.profile as { birth_date?: string } | null)?.birth_date;
    return {
      user: request.user,
      status: player.status === 'active' ? 'RS_OK' : 'RS_ERROR_USER_DISABLED',
      request_uuid: request.request_uuid,
      ...(player.countryCode ? { country: player.countryCode } : {}),
      ...(birth ? { birth_date: birth } : {}),
      registration_date: player.createdAt.toISOString().slice(0, 10),
    } as TWalletReply;
  });

export const balance = (ctx: TCtx, body: unknown) =>
  answer(ctx, body, async () => {
    const request = parse(ZBalanceRequest, body);
    const session = await sessionOf(ctx, request.token, request.user);
    const now = await walletService.balance(ctx, { session: session.token });
    return reply(ctx, request, 'RS_OK', now);
  });

/** The checks every money call shares: the token's session, its player, its currency. */
const checked = async (ctx: TCtx, request: TBetRequest | TRollbackRequest) => {
  const session = await sessionOf(ctx, request.token, request.user);
  if ('currency' in request && request.currency !== session.currency)
    throw new Hub88Refusal('RS_ERROR_WRONG_CURRENCY');
  return session;
};

export const bet = (ctx: TCtx, body: unknown) =>
  answer(ctx, body, async () => {
    const request = parse(ZBetRequest, body);
    await checked(ctx, request);
    const moved = await walletService.bet(ctx, {
      session: request.token,
      transactionId: request.transaction_uuid,
      roundId: request.round,
      amount: amountOf(request.amount),
    });
    return reply(ctx, request, 'RS_OK', moved);
  });

export const win = (ctx: TCtx, body: unknown) =>
  answer(ctx, body, async () => {
    const request: TWinRequest = parse(ZWinRequest, body);
    const session = await checked(ctx, request);
    const amount = amountOf(request.amount);
    // A win pays a bet of this player: one Hub88 never sent us (or not to this player) does not exist.
    const seen = await providerTransaction(ctx.db, HUB88_PROVIDER, request.transaction_uuid);
    if (!seen) {
      const reference = await providerTransaction(ctx.db, HUB88_PROVIDER, request.reference_transaction_uuid);
      if (reference?.type !== 'bet' || reference.playerId !== session.playerId)
        throw new Hub88Refusal('RS_ERROR_TRANSACTION_DOES_NOT_EXIST');
    }
    const moved = await walletService.win(ctx, {
      session: request.token,
      transactionId: request.transaction_uuid,
      roundId: request.round,
      amount,
      roundClosed: request.round_closed ?? true,
    });
    return reply(ctx, request, 'RS_OK', moved);
  });

export const rollback = (ctx: TCtx, body: unknown) =>
  answer(ctx, body, async () => {
    const request = parse(ZRollbackRequest, body);
    await checked(ctx, request);
    const moved = await walletService.rollback(ctx, {
      session: request.token,
      transactionId: request.transaction_uuid,
      referenceTransactionId: request.reference_transaction_uuid,
      roundId: request.round,
    });
    return reply(ctx, request, 'RS_OK', moved);
  });
