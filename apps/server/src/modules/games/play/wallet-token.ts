/**
 * The wallet session a player's rounds of one game and mode use (modules/wallet): kept in play_wallet_sessions
 * and, per process, in memory, so a round does not read it again. A token the wallet no longer knows (expired,
 * removed) is forgotten and a new session opened by the caller's retry.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';
import { SESSION_TTL_MS, type TWalletMode as TMode, walletService } from '../../wallet/index.ts';

type TTokenCtx = Pick<TAppContext, 'db' | 'bus' | 'providers'>;
interface TKnown {
  token: string;
  expiresAt: number;
}

/** A session is reopened this long before it would expire. */
const SESSION_MARGIN_MS = 5 * 60_000;
/** At most this many tokens per process; the oldest are dropped first (they are read again when needed). */
const MAX_KNOWN = 50_000;
const known = new WeakMap<TExecutor, Map<string, TKnown>>();
export interface TTokenKey {
  playerId: number;
  sysname: string;
  mode: TMode;
}
const keyOf = (input: TTokenKey) => `${input.playerId}:${input.sysname}:${input.mode}`;
const remember = (tokens: Map<string, TKnown>, key: string, entry: TKnown) => {
  tokens.delete(key);
  tokens.set(key, entry);
  if (tokens.size > MAX_KNOWN) tokens.delete(tokens.keys().next().value as string);
};
const tokensOf = (db: TExecutor) => {
  let tokens = known.get(db);
  if (!tokens) {
    tokens = new Map();
    known.set(db, tokens);
  }
  return tokens;
};

/** The player's wallet token for the game and mode, opened when there is none still valid. */
export const walletToken = async (ctx: TTokenCtx, input: TTokenKey): Promise<string> => {
  const now = ctx.providers.clock.now().getTime();
  const tokens = tokensOf(ctx.db);
  const key = keyOf(input);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt - SESSION_MARGIN_MS > now) return cached.token;
  const [row] = await queryRows<{ token: string; expires_at: string | Date }>(
    ctx.db,
    sql`select token, expires_at from play_wallet_sessions
        where player_id = ${input.playerId} and sysname = ${input.sysname} and mode = ${input.mode}`,
  );
  if (row && new Date(row.expires_at).getTime() - SESSION_MARGIN_MS > now) {
    remember(tokens, key, { token: row.token, expiresAt: new Date(row.expires_at).getTime() });
    return row.token;
  }
  const opened = await walletService.openSession(ctx, {
    playerId: input.playerId,
    game: input.sysname,
    mode: input.mode,
  });
  await ctx.db.execute(sql`
    insert into play_wallet_sessions (player_id, sysname, mode, token, expires_at)
    values (${input.playerId}, ${input.sysname}, ${input.mode}, ${opened.token}, ${opened.expiresAt})
    on conflict (player_id, sysname, mode) do update set token = excluded.token, expires_at = excluded.expires_at`);
  remember(tokens, key, { token: opened.token, expiresAt: opened.expiresAt.getTime() });
  return opened.token;
};

/**
 * After a bet on the token: the wallet extended the session by SESSION_TTL_MS; our copy of the expiry only has to
 * stay on the safe side of it, so it is written when less than half the TTL is left, not on every bet.
 */
export const extendWalletToken = async (ctx: TTokenCtx, input: TTokenKey, token: string) => {
  const now = ctx.providers.clock.now().getTime();
  const entry = tokensOf(ctx.db).get(keyOf(input));
  if (entry?.token === token && entry.expiresAt - now > SESSION_TTL_MS / 2) return;
  const expiresAt = new Date(now + SESSION_TTL_MS);
  await ctx.db.execute(sql`update play_wallet_sessions set expires_at = ${expiresAt} where token = ${token}`);
  if (entry?.token === token) entry.expiresAt = expiresAt.getTime();
};

/** The wallet refused the token (expired, unknown): no call uses it again. */
export const forgetWalletToken = async (ctx: TTokenCtx, input: TTokenKey, token: string) => {
  const tokens = tokensOf(ctx.db);
  if (tokens.get(keyOf(input))?.token === token) tokens.delete(keyOf(input));
  await ctx.db.execute(sql`delete from play_wallet_sessions where token = ${token}`);
};
