/**
 * Ended game sessions are purged after the retention window (session-retention.ts): late wins still find theirs
 * inside it, the sportsbook's are kept, the money and the rounds are untouched, and the hourly task runs once per
 * hour across instances.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { depositedClient } from '../cashier/cashier-test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { SPORTSBOOK_GAME } from '../sportsbook/sportsbook-game.ts';
import { PURGE_SESSIONS_JOB, purgeEndedSessions, SESSION_RETENTION_MS } from './session-retention.ts';
import { walletService } from './wallet-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const DAY = 86_400_000;

const open = async (playerId: number, game: string) =>
  (await walletService.openSession(t.app.ctx, { playerId, game, mode: 'real', provider: 'acme' })).token;

/** Sets a session's end `ms` before the clock's now. */
const endedAgo = (token: string, ms: number) =>
  t.app.ctx.db.execute(
    sql`update wallet_sessions set expires_at = ${new Date(t.clock.now().getTime() - ms)} where token = ${token}`,
  );

const exists = async (token: string) =>
  (await queryRows(t.app.ctx.db, sql`select 1 from wallet_sessions where token = ${token}`)).length === 1;

describe('the purge of ended game sessions', () => {
  it('deletes only sessions ended before the window, keeps the sportsbook’s, and leaves the money alone', async () => {
    const { player } = await depositedClient(t.app, '50');
    const old = await open(player.id, 'copperfox_cherry_flare');
    await walletService.bet(t.app.ctx, {
      session: old,
      transactionId: 'sr-b1',
      roundId: 'sr-r1',
      amount: 500n,
    });
    const recent = await open(player.id, 'sparkrush_dice_duel');
    const live = await open(player.id, 'copperfox_cherry_flare');
    const book = await open(player.id, SPORTSBOOK_GAME);
    await endedAgo(old, SESSION_RETENTION_MS + DAY);
    await endedAgo(recent, SESSION_RETENTION_MS - DAY);
    await endedAgo(book, SESSION_RETENTION_MS + 200 * DAY);
    // Inside the window a late win is still accepted on an ended session.
    await walletService.win(t.app.ctx, {
      session: recent,
      transactionId: 'sr-w0',
      roundId: 'sr-r0',
      amount: 0n,
    });
    const balances = await getBalances(t.app.ctx.db, player.id);

    expect(await purgeEndedSessions(t.app.ctx.db, t.clock.now())).toBe(1);

    expect(await exists(old)).toBe(false);
    expect(await exists(recent)).toBe(true);
    expect(await exists(live)).toBe(true);
    expect(await exists(book)).toBe(true);
    expect(await getBalances(t.app.ctx.db, player.id)).toEqual(balances);
    const [round] = await queryRows<{ bet_total: unknown }>(
      t.app.ctx.db,
      sql`select bet_total from game_rounds where round_id = 'sr-r1'`,
    );
    expect(String(round?.bet_total)).toBe('500');
    // Past the window the provider's call has no session any more.
    await expect(
      walletService.win(t.app.ctx, { session: old, transactionId: 'sr-w1', roundId: 'sr-r1', amount: 100n }),
    ).rejects.toMatchObject({ code: 'SESSION_NOT_FOUND' });
    expect(await auditLedger(t.app.ctx.db)).toEqual([]);
  });

  it('works through a backlog larger than one statement’s batch', async () => {
    const { player } = await depositedClient(t.app, '10');
    const before = new Date(t.clock.now().getTime() - SESSION_RETENTION_MS - DAY);
    await t.app.ctx.db.execute(sql`
      insert into wallet_sessions (token, player_id, provider, game, mode, created_at, expires_at)
      select 'backlog-' || g, ${player.id}, 'acme', 'copperfox_cherry_flare', 'real', ${before}, ${before}
        from generate_series(1, 5003) g`);
    expect(await purgeEndedSessions(t.app.ctx.db, t.clock.now())).toBe(5003);
    const [left] = await queryRows<{ n: string }>(
      t.app.ctx.db,
      sql`select count(*)::text as n from wallet_sessions where token like 'backlog-%'`,
    );
    expect(left?.n).toBe('0');
  });

  it('runs once an hour as a job, whichever instance queues it', async () => {
    const { player } = await depositedClient(t.app, '10');
    const token = await open(player.id, 'copperfox_cherry_flare');
    await endedAgo(token, SESSION_RETENTION_MS + DAY);
    await t.app.ctx.jobs.runRecurring(PURGE_SESSIONS_JOB);
    await t.app.ctx.jobs.runRecurring(PURGE_SESSIONS_JOB);
    const [queued] = await queryRows<{ n: string }>(
      t.app.ctx.db,
      sql`select count(*)::text as n from jobs where name = ${PURGE_SESSIONS_JOB}`,
    );
    expect(queued?.n).toBe('1');
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    expect(await exists(token)).toBe(false);
  });
});
