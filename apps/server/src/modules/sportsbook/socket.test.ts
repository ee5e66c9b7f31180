/** `/ws/sportsbook`: a price change reaches the sockets of its event and the ones listening to every event, once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { feedClient } from './sportsbook-test-helpers.ts';

let t: TTestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = address.replace('http', 'ws');
}, 180_000);
afterAll(() => t.close());

const open = (query: string) =>
  new Promise<{ socket: WebSocket; messages: unknown[]; binary: boolean[] }>((resolve, reject) => {
    const socket = new WebSocket(`${base}/ws/sportsbook${query}`);
    const messages: unknown[] = [];
    const binary: boolean[] = [];
    socket.on('message', (data, isBinary) => {
      messages.push(JSON.parse(String(data)));
      binary.push(isBinary);
    });
    socket.on('open', () => resolve({ socket, messages, binary }));
    socket.on('error', reject);
  });

const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 20));
};

const change = (eventId: string, odds: number) => ({
  type: 'odds_change',
  event_id: eventId,
  markets: [{ id: 1, specifiers: '', status: 1, outcomes: [{ id: '1', odds }] }],
});

describe('odds socket', () => {
  it('sends a change as text to its event and to every-event sockets, not to other events', async () => {
    const feed = feedClient(t.app);
    await feed.football('ws-a');
    await feed.football('ws-b');
    const all = await open('');
    const allToo = await open('?event=');
    const a = await open('?event=ws-a');
    const b = await open('?event=ws-b');
    await feed.ok(change('ws-a', 2.1));
    await until(() => all.messages.length > 0 && allToo.messages.length > 0 && a.messages.length > 0);
    const expected = {
      event: 'sportsbook.odds_changed',
      data: { event_id: 'ws-a', markets: [{ id: 1, specifiers: '' }] },
    };
    for (const s of [all, allToo, a]) {
      expect(s.messages).toEqual([expected]);
      expect(s.binary).toEqual([false]);
    }
    expect(b.messages).toEqual([]);
    // A closed socket is forgotten; the others of its event still hear.
    a.socket.close();
    const a2 = await open('?event=ws-a');
    await feed.ok(change('ws-a', 2.2));
    await until(() => a2.messages.length > 0 && all.messages.length > 1);
    expect(a2.messages).toEqual([expected]);
    expect(all.messages).toHaveLength(2);
    expect(b.messages).toEqual([]);
    for (const s of [all, allToo, a2, b]) s.socket.close();
  });
});
