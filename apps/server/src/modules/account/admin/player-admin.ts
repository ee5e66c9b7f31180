/**
 * Players as operators see them: the player's account (balances, contacts, sessions, verification; the other
 * modules' parts come as panels: route-kit's TPlayerPagePanel), and the player actions: ban, unban, end all sessions.
 */
import { desc, eq } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { sessions } from '../../../platform/session.ts';
import { recordAudit, type TActor } from '../../backoffice/index.ts';
import { getBalances } from '../../ledger/index.ts';
import type { TPlayer } from '../../players/index.ts';
import { listContacts, requirePlayer, updatePlayer } from '../../players/index.ts';

export const playerSessions = (db: TExecutor, playerId: number) =>
  db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
    })
    .from(sessions)
    .where(eq(sessions.playerId, playerId))
    .orderBy(desc(sessions.lastSeenAt));

export type TVerificationStatus = 'none' | 'on_verification' | 'verified';
export const verificationStatus = (player: TPlayer): TVerificationStatus =>
  player.isVerified ? 'verified' : player.isOnVerification ? 'on_verification' : 'none';

/** What the player's page shows of the account itself (the ledger page and the panels are fetched apart). */
export const playerOverview = async (ctx: TAppContext, playerId: number) => {
  const player = await requirePlayer(ctx.db, playerId);
  const now = ctx.providers.clock.now();
  const [balances, contacts, sessionRows] = await Promise.all([
    getBalances(ctx.db, playerId),
    listContacts(ctx.db, playerId),
    playerSessions(ctx.db, playerId),
  ]);
  return {
    player,
    balances,
    contacts,
    sessions: sessionRows.filter((s) => s.expiresAt > now),
    verification: verificationStatus(player),
  };
};

/** Bans or lifts a ban, audited with the operator's reason (the form's: 3 characters or more, trimmed). */
export const setPlayerBanned = async (
  ctx: TAppContext,
  actor: TActor,
  input: { playerId: number; banned: boolean; reason: string },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  if (player.status === 'deleted')
    throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'deleted' } });
  const target = input.banned ? 'banned' : 'active';
  if (player.status === target) return player;
  const updated = await ctx.db.transaction(async (tx) => {
    const row = await updatePlayer(tx, player.id, { status: target });
    await recordAudit(tx, actor, {
      action: input.banned ? 'player.ban' : 'player.unban',
      target: { type: 'player', id: player.id },
      before: { status: player.status },
      after: { status: target },
      reason: input.reason.slice(0, 500),
      at: ctx.providers.clock.now(),
    });
    return row;
  });
  // A banned player is signed out everywhere at once (the session hook refuses them anyway).
  if (input.banned) await ctx.sessions.endAll(player.id);
  return updated;
};

export const endPlayerSessions = async (ctx: TAppContext, actor: TActor, playerId: number) => {
  const player = await requirePlayer(ctx.db, playerId);
  const before = (await playerSessions(ctx.db, player.id)).length;
  await ctx.sessions.endAll(player.id);
  await recordAudit(ctx.db, actor, {
    action: 'player.sessions_end',
    target: { type: 'player', id: player.id },
    before: { sessions: before },
    after: { sessions: 0 },
    at: ctx.providers.clock.now(),
  });
  return before;
};
