/**
 * Race: 64 concurrent withdrawals and bets on one player never overdraw. Needs real concurrency, so it runs
 * on PostgreSQL only (PGlite has one connection): CI sets DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePlayer } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { findPlayerById } from '../players/service.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { confirmContacts } from './cashier-test-helpers.ts';
import { makeWithdrawal } from './make-withdrawal.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TTestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(() => t?.close());

describe('concurrent money movements on one player', () => {
  it.skipIf(!onPostgres)(
    '64 concurrent withdrawals and bets never overdraw (skipped without DATABASE_URL: needs PostgreSQL)',
    async () => {
      const ctx = t.app.ctx;
      const { player: made } = await makePlayer(t.app);
      await ctx.db.execute(sql`update players set is_verified = true where id = ${made.id}`);
      await confirmContacts(t.app, made.id);
      const player = (await findPlayerById(ctx.db, made.id))!;
      await postTransaction(ctx.db, {
        idempotencyKey: `race-fund-${player.id}`,
        kind: 'test.fund',
        entries: [
          { account: { playerId: player.id, kind: 'main' }, amount: 100_000n },
          { account: HOUSE.payments, amount: -100_000n },
        ],
      });
      const { token: session } = await walletService.openSession(ctx, {
        playerId: player.id,
        game: 'race',
        mode: 'real',
      });

      const attempts = Array.from({ length: 64 }, (_, i) =>
        i % 2 === 0
          ? makeWithdrawal(ctx, player, {
              methodId: 1,
              method: 'card',
              amount: '50.00',
              requisites: { card_holder: 'Jane Doe', card_number: '4242424242424242' },
            }).then(
              () => 'ok',
              (e: { type?: string }) => e.type ?? 'error',
            )
          : walletService
              .bet(ctx, { session, transactionId: `race-${i}`, roundId: `race-r${i}`, amount: 5_000n })
              .then(
                () => 'ok',
                (e: { code?: string }) => e.code ?? 'error',
              ),
      );
      const results = await Promise.all(attempts);
      const succeeded = results.filter((r) => r === 'ok').length;
      const refused = results.filter(
        (r) => r === 'INSUFFICIENT_FUNDS' || r === 'WithdrawalDeclinedException',
      ).length;
      expect(succeeded).toBe(20);
      expect(refused).toBe(44);
      expect((await getBalances(ctx.db, player.id)).main).toBe(0n);
      expect(await auditLedger(ctx.db)).toEqual([]);
    },
  );
});
