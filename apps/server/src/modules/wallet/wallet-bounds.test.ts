/** The wallet API's edges: amounts past what the columns hold are refused, and no log line carries a token. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { getBalances } from '../ledger/balances.ts';
import { SIGNATURE_HEADER, signBody } from './routes.ts';
import { fundedSession } from './wallet-test-helpers.ts';

let t: TTestApp;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp({
    env: { LOG_LEVEL: 'info' },
    build: { logStream: { write: (line: string) => void logged.push(line) } },
  });
});
afterAll(() => t.close());

/** A signed call; a string body is sent as is (a JSON number past a double's precision, for one). */
const call = async (path: string, body: Record<string, unknown> | string) => {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const response = await t.app.inject({
    method: 'POST',
    url: `/wallet/v1/${path}`,
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signBody(t.app.ctx.config.WALLET_HMAC_SECRET, raw),
    },
    payload: raw,
  });
  return { status: response.statusCode, body: response.json() };
};

describe('wallet amounts', () => {
  it('refuses an amount past the bigint column, or past 10^12 minor units, as BAD_REQUEST, moving nothing', async () => {
    const { player, session } = await fundedSession(t.app, 1_000n);
    // As JSON text, numbers and strings alike; 9223372036854775808 is 2^63, one past bigint's range.
    const amounts = [
      '9223372036854775808',
      '"9223372036854775808"',
      '"92233720368547758.08"',
      '1e30',
      '"1e30"',
      `"1${'0'.repeat(40)}"`,
      '10000000000.01',
      '"10000000000.01"',
    ];
    for (const [i, amount] of amounts.entries())
      for (const kind of ['bet', 'win']) {
        const ids = JSON.stringify({ session, transaction_id: `big-${kind}-${i}`, round_id: `rb${i}` });
        expect(
          await call(kind, `${ids.slice(0, -1)},"amount":${amount}}`),
          `${kind} ${amount}`,
        ).toMatchObject({
          status: 400,
          body: { error: { code: 'BAD_REQUEST', message: expect.stringMatching(/^amount must be/) } },
        });
      }
    expect((await getBalances(t.app.ctx.db, player.id)).main).toBe(1_000n);
    // The largest amount allowed is still a plain refusal for want of money, not a failure.
    const largest = await call('bet', {
      session,
      transaction_id: 'max',
      round_id: 'rmax',
      amount: '10000000000',
    });
    expect(largest).toMatchObject({ status: 402, body: { error: { code: 'INSUFFICIENT_FUNDS' } } });
  });
});

describe('wallet logs', () => {
  it("a failed wallet call's log line names the failure, never the session token", async () => {
    const { session } = await fundedSession(t.app, 1_000n);
    // A forced internal error: the database refuses this one transaction id (the error carries the call's values).
    await t.app.ctx.db.execute(
      sql.raw(
        "alter table wallet_transactions add constraint forced_failure check (transaction_id <> 'boom')",
      ),
    );
    logged.length = 0;
    try {
      const r = await call('bet', { session, transaction_id: 'boom', round_id: 'rboom', amount: 1 });
      expect(r).toEqual({
        status: 500,
        body: { error: { code: 'INTERNAL_ERROR', message: 'internal error' } },
      });
    } finally {
      await t.app.ctx.db.execute(sql.raw('alter table wallet_transactions drop constraint forced_failure'));
    }
    const failure = logged.find((line) => line.includes('wallet call failed'));
    expect(failure).toContain('forced_failure');
    expect(logged.join('\n')).not.toContain(session);
  });

  it('a token in a query string is masked in the request log', async () => {
    const { session } = await fundedSession(t.app, 0n);
    logged.length = 0;
    await t.app.inject({ method: 'GET', url: `/ws?token=${session}&v=1` });
    await t.app.inject({ method: 'GET', url: `/api/account.info?v=1&session=${session}` });
    expect(logged.some((line) => line.includes('/ws?token=[redacted]&v=1'))).toBe(true);
    expect(logged.join('\n')).not.toContain(session);
  });
});
