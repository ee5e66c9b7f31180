/**
 * Race: several deposits of one new player, each with the first-deposit offer, paid at the same moment. Only one
 * can be the first: exactly one bonus, every deposit credited. Needs real concurrency, so it runs on PostgreSQL
 * only (PGlite has one connection): CI sets DATABASE_URL.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import {
  SANDBOX_SIGNATURE_HEADER,
  sandboxWebhookBody,
  signSandboxWebhook,
} from '../payments/sandbox-provider.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const WELCOME = 1;

let t: TTestApp;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
});
afterAll(() => t?.close());

describe('first-deposit offers paid concurrently', () => {
  it.skipIf(!onPostgres)(
    'eight deposits with the welcome offer paid at once: one bonus, all credited (skipped without DATABASE_URL)',
    async () => {
      const { client, player } = await signedInClient(t.app);
      const deposits: string[] = [];
      for (let i = 0; i < 8; i++) {
        const r = await client.post('cashier.makedeposit', {
          method: 'card',
          amount: '25',
          campaign_offer_id: WELCOME,
        });
        expect(r.error).toBeNull();
        deposits.push(r.data.transaction_id);
      }
      const replies = await Promise.all(
        deposits.flatMap((transactionId) => {
          const body = sandboxWebhookBody('x', {
            transactionId,
            status: 'paid',
            amount: 2_500n,
            currency: 'USD',
          });
          const send = () =>
            t.app.inject({
              method: 'POST',
              url: '/payments/webhook/sandbox',
              headers: {
                'content-type': 'application/json',
                [SANDBOX_SIGNATURE_HEADER]: signSandboxWebhook(t.app.ctx.config, body),
              },
              payload: body,
            });
          // Each webhook twice, as providers retry.
          return [send(), send()];
        }),
      );
      expect(replies.every((r) => r.statusCode === 200)).toBe(true);
      expect(await getBalances(t.app.ctx.db, player.id)).toMatchObject({ main: 20_000n, bonus: 2_500n });
      const bonuses = await queryRows<{ n: unknown }>(
        t.app.ctx.db,
        sql`select count(*)::int as n from player_bonuses where player_id = ${player.id}`,
      );
      expect(Number(bonuses[0]?.n)).toBe(1);
      expect(await auditLedger(t.app.ctx.db)).toEqual([]);
    },
  );
});
