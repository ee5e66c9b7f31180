/** Game sessions: a provider gets a token when a game opens; it names the player, the game and the mode. */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { HOUSE, postTransaction, queryRows } from '../ledger/index.ts';
import { WalletError } from './wallet-error.ts';

export type TWalletMode = 'real' | 'demo';
/** `metrics` may be left out (a caller's narrower context): the bet is then not counted. */
export type TWalletContext = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets'> &
  Partial<Pick<TAppContext, 'metrics'>>;
/** Opening a session moves no bet: the bet pipeline is not needed. */
type TSessionContext = Pick<TAppContext, 'db' | 'bus' | 'providers'>;

/** How long a game session accepts bets; extended by each bet. Wins and rollbacks come even after it. */
export const SESSION_TTL_MS = 2 * 3600_000;
/** The play money a player gets on first demo use. */
export const DEMO_FUNDS = 100_000n;

export interface TWalletSession {
  token: string;
  playerId: number;
  provider: string;
  game: string;
  mode: TWalletMode;
  expiresAt: Date;
  currency: string;
  playerStatus: string;
}

export const openSession = async (
  ctx: TSessionContext,
  input: { playerId: number; game: string; mode: TWalletMode; provider?: string },
): Promise<{ token: string; expiresAt: Date }> => {
  const now = ctx.providers.clock.now();
  const token = ctx.providers.random.bytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
  if (input.mode === 'demo') await grantDemoFunds(ctx, input.playerId);
  await ctx.db.execute(
    sql`insert into wallet_sessions (token, player_id, provider, game, mode, created_at, expires_at)
        values (${token}, ${input.playerId}, ${input.provider ?? 'inhouse'}, ${input.game}, ${input.mode},
                ${now}, ${expiresAt})`,
  );
  return { token, expiresAt };
};

/** Funds the fun account once per player (the key makes a second grant a no-op). */
export const grantDemoFunds = (ctx: TSessionContext, playerId: number) =>
  postTransaction(
    ctx.db,
    {
      idempotencyKey: `demo-grant:${playerId}`,
      kind: 'demo.grant',
      entries: [
        { account: { playerId, kind: 'fun' }, amount: DEMO_FUNDS },
        { account: HOUSE.fun, amount: -DEMO_FUNDS },
      ],
      at: ctx.providers.clock.now(),
    },
    { bus: ctx.bus },
  );

export const findSession = async (db: TExecutor, token: string): Promise<TWalletSession> => {
  const [row] = await queryRows<{
    token: string;
    player_id: unknown;
    provider: string;
    game: string;
    mode: TWalletMode;
    expires_at: string | Date;
    currency: string;
    status: string;
  }>(
    db,
    sql`select s.token, s.player_id, s.provider, s.game, s.mode, s.expires_at, p.currency, p.status
        from wallet_sessions s join players_summary_v p on p.id = s.player_id where s.token = ${token}`,
  );
  if (!row) throw new WalletError('SESSION_NOT_FOUND');
  return {
    token: row.token,
    playerId: Number(row.player_id),
    provider: row.provider,
    game: row.game,
    mode: row.mode,
    expiresAt: new Date(row.expires_at),
    currency: row.currency,
    playerStatus: row.status,
  };
};
