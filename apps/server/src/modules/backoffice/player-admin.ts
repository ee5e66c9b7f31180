/**
 * Players as operators see them: search (id, login, e-mail, phone), the player's view (balances, ledger entries
 * page by page, sessions, deposit limit, verification), and the player actions: ban, unban, end all sessions.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { sessions } from '../../platform/session.ts';
import { getDepositLimit } from '../cashier/deposit-limit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import type { TPlayer } from '../players/schema.ts';
import { findPlayerById, listContacts, updatePlayer } from '../players/service.ts';
import { recordAudit, type TActor } from './audit-log.ts';

export const SEARCH_LIMIT = 50;

export interface TPlayerHit {
  id: number;
  login: string;
  email: string | null;
  phone: string | null;
  status: string;
  currency: string;
  createdAt: Date;
}

/** By id (a number, optionally `#12`), else login, e-mail or phone containing the text (case-insensitive). */
export const searchPlayers = async (db: TExecutor, query: string): Promise<TPlayerHit[]> => {
  const text = query.trim().slice(0, 100);
  if (!text) return [];
  const id = /^#?(\d{1,15})$/.exec(text)?.[1];
  const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const digits = text.replace(/[^\d]/g, '');
  const rows = await queryRows<{
    id: unknown;
    login: string;
    email: string | null;
    phone: string | null;
    status: string;
    currency: string;
    created_at: string | Date;
  }>(
    db,
    sql`select distinct p.id, p.login, p.email, p.phone, p.status, p.currency, p.created_at
        from players p left join player_contacts c on c.player_id = p.id
        where ${id ? sql`p.id = ${Number(id)} or ` : sql``}
              p.login_key like ${like} or lower(coalesce(p.email, '')) like ${like}
              or lower(c.value) like ${like}
              ${digits.length >= 5 ? sql`or regexp_replace(coalesce(p.phone, ''), '\\D', '', 'g') like ${`%${digits}%`}` : sql``}
        order by p.id desc limit ${SEARCH_LIMIT}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    login: r.login,
    email: r.email,
    phone: r.phone,
    status: r.status,
    currency: r.currency,
    createdAt: new Date(r.created_at),
  }));
};

export const requirePlayer = async (db: TExecutor, id: number): Promise<TPlayer> => {
  const player = Number.isSafeInteger(id) && id > 0 ? await findPlayerById(db, id) : undefined;
  if (!player) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'notFound' } });
  return player;
};

export interface TLedgerLine {
  entryId: number;
  transactionId: number;
  kind: string;
  account: string;
  amount: bigint;
  balanceAfter: bigint | null;
  reference: string | null;
  meta: Record<string, unknown>;
  at: Date;
}

export const LEDGER_PAGE_SIZE = 25;

// Read-only over the ledger's tables: the ledger has no per-player statement service yet.
export const ledgerPage = async (db: TExecutor, playerId: number, page: number) => {
  const rows = await queryRows<{
    entry_id: unknown;
    transaction_id: unknown;
    kind: string;
    account: string;
    amount: unknown;
    balance_after: unknown;
    reference: string | null;
    meta: Record<string, unknown> | string;
    created_at: string | Date;
  }>(
    db,
    sql`select e.id as entry_id, t.id as transaction_id, t.kind, a.kind as account, e.amount, e.balance_after,
               t.reference, t.meta, t.created_at
        from ledger_entries e
        join ledger_accounts a on a.id = e.account_id
        join ledger_transactions t on t.id = e.transaction_id
        where a.player_id = ${playerId}
        order by e.id desc limit ${LEDGER_PAGE_SIZE + 1} offset ${page * LEDGER_PAGE_SIZE}`,
  );
  const lines: TLedgerLine[] = rows.slice(0, LEDGER_PAGE_SIZE).map((r) => ({
    entryId: Number(r.entry_id),
    transactionId: Number(r.transaction_id),
    kind: r.kind,
    account: r.account,
    amount: toBigInt(r.amount),
    balanceAfter: r.balance_after === null ? null : toBigInt(r.balance_after),
    reference: r.reference,
    meta: typeof r.meta === 'string' ? JSON.parse(r.meta) : r.meta,
    at: new Date(r.created_at),
  }));
  return { lines, hasMore: rows.length > LEDGER_PAGE_SIZE };
};

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

/** Everything the player's page shows (the ledger page is fetched separately). */
export const playerOverview = async (ctx: TAppContext, playerId: number) => {
  const player = await requirePlayer(ctx.db, playerId);
  const now = ctx.providers.clock.now();
  const [balances, contacts, sessionRows, depositLimit] = await Promise.all([
    getBalances(ctx.db, playerId),
    listContacts(ctx.db, playerId),
    playerSessions(ctx.db, playerId),
    getDepositLimit(ctx.db, playerId, now),
  ]);
  return {
    player,
    balances,
    contacts,
    sessions: sessionRows.filter((s) => s.expiresAt > now),
    depositLimit,
    verification: verificationStatus(player),
  };
};

export const setPlayerBanned = async (
  ctx: TAppContext,
  actor: TActor,
  input: { playerId: number; banned: boolean; reason: string },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const reason = input.reason.trim();
  if (reason.length < 3)
    throw new AppError('InvalidParameterException', { invalid_parameters: { reason: 'requiredField' } });
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
      reason: reason.slice(0, 500),
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
