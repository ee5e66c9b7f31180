import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { makePlayer } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeSocketToken } from '../account/socket-token.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { postTransaction } from '../ledger/post-transaction.ts';

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
});
afterAll(() => t.close());

const open = (token: string) =>
  new Promise<{ socket: WebSocket; messages: unknown[]; closed: Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws?token=${encodeURIComponent(token)}`);
    const messages: unknown[] = [];
    const closed = new Promise<number>((done) => socket.on('close', (code) => done(code)));
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    socket.on('open', () => resolve({ socket, messages, closed }));
    socket.on('error', reject);
  });

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

describe('live balance socket', () => {
  it('pushes account.balance_updated to every socket of the player, and only to that player', async () => {
    const { player } = await makePlayer(t.app);
    const { player: other } = await makePlayer(t.app);
    const now = t.clock.now();
    const a = await open(makeSocketToken(t.app.ctx.config.SESSION_SECRET, player.id, now));
    const b = await open(makeSocketToken(t.app.ctx.config.SESSION_SECRET, player.id, now));
    const c = await open(makeSocketToken(t.app.ctx.config.SESSION_SECRET, other.id, now));
    await postTransaction(
      t.app.ctx.db,
      {
        idempotencyKey: `sock-${player.id}`,
        kind: 'test',
        entries: [
          { account: { playerId: player.id, kind: 'main' }, amount: 4200n },
          { account: HOUSE.adjustments, amount: -4200n },
        ],
      },
      { bus: t.app.ctx.bus },
    );
    await until(() => a.messages.length > 0 && b.messages.length > 0);
    for (const s of [a, b])
      expect(s.messages).toEqual([
        {
          event: 'account.balance_updated',
          data: expect.objectContaining({ uid: player.id, balance: { amount: 42, currency: 'USD' } }),
        },
      ]);
    expect(c.messages).toEqual([]);
    for (const s of [a, b, c]) s.socket.close();
  });

  it('closes a socket with a forged or expired token', async () => {
    const { player } = await makePlayer(t.app);
    const forged = await open(`${player.id}.9999999999.${'A'.repeat(43)}`);
    expect(await forged.closed).toBe(4401);
    const expired = await open(makeSocketToken(t.app.ctx.config.SESSION_SECRET, player.id, new Date(0)));
    expect(await expired.closed).toBe(4401);
  });
});
