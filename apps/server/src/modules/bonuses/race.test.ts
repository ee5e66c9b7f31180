/**
 * Race: one player with an active bonus fires 64 bets at once through the wallet, and a withdrawal (burn_bonuses=1)
 * lands among them. Real money is short of all of it, so some stakes draw on the bonus, until the withdrawal
 * holds it (or, when the stakes took so much real money first that the withdrawal is declined, the bonus stays).
 * Whatever the order the database chose: the ledger stays whole; no stake took bonus money after the hold; every
 * cent of the bonus is staked, held (then lost when the withdrawal is paid) or still on the bonus; main is the
 * funding less the real parts of the stakes and the withdrawal. Needs real concurrency, so it runs on PostgreSQL
 * only (PGlite has one connection): CI sets DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { confirmContacts } from '../cashier/cashier-test-helpers.ts';
import { makeWithdrawal } from '../cashier/make-withdrawal.ts';
import { approveWithdrawal } from '../cashier/review-withdrawal.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { findPlayerById } from '../players/service.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { grantBonus } from './engine.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const BETS = 64;
const STAKE = 50n;
const FUNDS = 4_500n;
const BONUS = 1_000n;
const WITHDRAWAL = 2_000n;

let t: TTestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp({ seed: 'bonus-race' });
}, 120_000);
afterAll(() => t?.close());

describe('bets and a withdrawal racing on a player with an active bonus', () => {
  it.skipIf(!onPostgres)(
    '64 concurrent bets and a withdrawal: a whole ledger, no bonus money after the hold, every cent accounted (skipped without DATABASE_URL: needs PostgreSQL)',
    async () => {
      const { player } = await fundedClient(t.app, FUNDS);
      await confirmContacts(t.app, player.id);
      await t.app.ctx.db.execute(sql`update players set is_verified = true where id = ${player.id}`);
      const { bonusId } = await grantBonus(t.app.ctx.db, {
        playerId: player.id,
        template: 'demo10',
        source: 'operator',
        sourceRef: 'race',
        grantKey: `race:${player.id}`,
        now: t.clock.now(),
      });
      expect(await getBalances(t.app.ctx.db, player.id)).toMatchObject({ main: FUNDS, bonus: BONUS });
      const session = (
        await walletService.openSession(t.app.ctx, {
          playerId: player.id,
          game: 'copperfox_cherry_flare',
          mode: 'real',
          provider: 'race',
        })
      ).token;
      const fresh = (await findPlayerById(t.app.ctx.db, player.id))!;

      const bet = (i: number) =>
        walletService
          .bet(t.app.ctx, { session, transactionId: `b${i}`, roundId: `r${i}`, amount: STAKE })
          .then(
            () => 'ok',
            (error: { code?: string }) => error.code ?? String(error),
          );
      let withdrawalId = '';
      const withdraw = () =>
        makeWithdrawal(t.app.ctx, fresh, {
          methodId: 1,
          method: 'card',
          amount: (Number(WITHDRAWAL) / 100).toFixed(2),
          requisites: { card_holder: 'Jane Doe', card_number: '4242424242424242' },
          burnBonuses: true,
        }).then(
          (made) => {
            withdrawalId = made.transaction_id;
            return 'ok';
          },
          (error: { type?: string }) => error.type ?? String(error),
        );
      // The withdrawal starts first but does more before it takes the player's lock: the bets overtake it.
      const [withdrawal, ...bets] = await Promise.all([
        withdraw(),
        ...Array.from({ length: BETS }, (_, i) => bet(i)),
      ]);
      expect(['ok', 'WithdrawalDeclinedException']).toContain(withdrawal);
      expect(bets.filter((o) => o !== 'ok' && o !== 'INSUFFICIENT_FUNDS')).toEqual([]);

      const db = t.app.ctx.db;
      expect(await auditLedger(db)).toEqual([]);
      const stakes = await queryRows<{ amount: unknown; bonus_amount: unknown; ledger_id: unknown }>(
        db,
        sql`select amount, bonus_amount, ledger_transaction_id as ledger_id from wallet_transactions
            where player_id = ${player.id} and type = 'bet'`,
      );
      expect(stakes).toHaveLength(bets.filter((o) => o === 'ok').length);
      const fromBonus = stakes.reduce((sum, s) => sum + toBigInt(s.bonus_amount), 0n);
      const real = stakes.reduce((sum, s) => sum + toBigInt(s.amount) - toBigInt(s.bonus_amount), 0n);
      const bonusNow = () =>
        queryRows<{ status: string; stash: unknown; lost: unknown }>(
          db,
          sql`select status, stash, lost from player_bonuses where id = ${bonusId}`,
        ).then((rows) => rows[0]);
      const bonus = await bonusNow();
      const balances = await getBalances(db, player.id);
      if (withdrawal === 'ok') {
        expect(bonus?.status).toBe('available');
        const [hold] = await queryRows<{ id: unknown }>(
          db,
          sql`select id from ledger_transactions
              where idempotency_key = ${`bonus:${bonusId}:hold:${withdrawalId}`}`,
        );
        // No stake after the hold drew on bonus money (a hold of nothing has no ledger entry).
        const after = hold
          ? stakes.filter((s) => toBigInt(s.ledger_id) > toBigInt(hold.id) && toBigInt(s.bonus_amount) > 0n)
          : [];
        expect(after).toEqual([]);
        expect(fromBonus + toBigInt(bonus?.stash)).toBe(BONUS);
        expect(balances).toMatchObject({ main: FUNDS - real - WITHDRAWAL, bonus: 0n });
        // Paid out: what the hold kept is lost.
        await approveWithdrawal(t.app.ctx, withdrawalId, 'race');
        const paid = await bonusNow();
        expect(paid?.status).toBe('forfeited');
        expect(fromBonus + toBigInt(paid?.lost)).toBe(BONUS);
        // Real money was short of the stakes and the withdrawal: the bonus paid some stakes, or some were refused.
        expect(fromBonus > 0n || bets.includes('INSUFFICIENT_FUNDS')).toBe(true);
      } else {
        // Declined: the stakes had taken main below the withdrawal first; its forfeit rolled back with it.
        expect(bonus?.status).toBe('active');
        expect(balances).toMatchObject({ main: FUNDS - real, bonus: BONUS - fromBonus });
        expect(balances.main).toBeLessThan(WITHDRAWAL);
      }
    },
    180_000,
  );
});
