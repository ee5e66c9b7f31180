/**
 * Producer state and recovery on a fake clock, the recovery requests going to the REST stand-in: startup, a
 * missed alive, an unsubscribed alive, a disconnect, snapshot_complete with the right and a wrong request_id.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../../platform/providers.ts';
import { createProducerMonitor, type TDownReason } from './producers.ts';
import { createUofRestClient } from './rest-client.ts';
import { startRestStandIn } from './rest-stand-in.ts';

const START = new Date('2026-11-21T12:00:00Z');
const T0 = START.getTime();
let standIn: Awaited<ReturnType<typeof startRestStandIn>>;
beforeAll(async () => {
  standIn = await startRestStandIn({ token: 't' });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.recoveries.length = 0;
  standIn.setRecoveryStatus(202);
});

const setup = (options: { nodeId?: number; lastProcessed?: Record<number, number> } = {}) => {
  const clock = fixedClock(START);
  const rest = createUofRestClient({ apiUrl: standIn.url, accessToken: 't' });
  const monitor = createProducerMonitor({
    clock,
    requestRecovery: rest.requestRecovery,
    aliveTimeoutMs: 20_000,
    ...options,
  });
  const events: string[] = [];
  monitor.on('producerDown', (p, reason?: TDownReason) => events.push(`down ${p} ${reason}`));
  monitor.on('producerUp', (p) => events.push(`up ${p}`));
  const alive = (product: number, timestamp: number, subscribed = true) =>
    monitor.handle({ type: 'alive', product, timestamp, subscribed });
  const complete = (product: number, requestId: number) =>
    monitor.handle({ type: 'snapshot_complete', product, timestamp: clock.now().getTime(), requestId });
  const lastRequest = (product: number) => standIn.recoveries.filter((r) => r.product === product).at(-1);
  return { clock, monitor, events, alive, complete, lastRequest };
};

describe('producers', () => {
  it('start down; at connection each is recovered (full: nothing processed yet) and is up at its snapshot_complete', async () => {
    const { monitor, events, complete, lastRequest } = setup({ nodeId: 7 });
    expect(monitor.isUp(1)).toBe(false);
    await monitor.connected();
    expect(standIn.recoveries).toHaveLength(2);
    const live = lastRequest(1)!;
    expect(live).toEqual({ product: 1, requestId: live.requestId, nodeId: 7 });
    expect(lastRequest(3)?.after).toBeUndefined();
    // A snapshot_complete of another request (another session's) changes nothing.
    await complete(1, (live.requestId ?? 0) + 1000);
    expect(monitor.isUp(1)).toBe(false);
    await complete(1, live.requestId ?? 0);
    expect(monitor.isUp(1)).toBe(true);
    expect(monitor.isUp(3)).toBe(false);
    expect(events).toEqual(['up 1']);
  });

  it('a missed alive marks the producer down; it is recovered after its last processed alive', async () => {
    const { clock, monitor, events, alive, complete, lastRequest } = setup();
    await monitor.connected();
    await complete(1, lastRequest(1)?.requestId ?? 0);
    await alive(1, T0 + 1000);
    clock.advance(10_000);
    await alive(1, T0 + 11_000);
    clock.advance(20_000);
    await monitor.tick();
    expect(monitor.isUp(1)).toBe(true); // exactly the timeout: not yet
    const before = standIn.recoveries.length;
    clock.advance(1);
    await monitor.tick();
    expect(monitor.isUp(1)).toBe(false);
    expect(events).toEqual(['up 1', 'down 1 alive_timeout']);
    expect(standIn.recoveries.length).toBe(before + 1);
    expect(lastRequest(1)?.after).toBe(T0 + 11_000);
    // Alives during the recovery do not move `after`, nor bring it up; its snapshot_complete does.
    await alive(1, T0 + 40_000);
    expect(monitor.state(1)?.lastProcessed).toBe(T0 + 11_000);
    expect(monitor.isUp(1)).toBe(false);
    await complete(1, lastRequest(1)?.requestId ?? 0);
    expect(events).toEqual(['up 1', 'down 1 alive_timeout', 'up 1']);
  });

  it('an alive with subscribed="0" is a producer down and a recovery', async () => {
    const { monitor, events, alive, complete, lastRequest } = setup({ lastProcessed: { 3: T0 - 60_000 } });
    await monitor.connected();
    expect(lastRequest(3)?.after).toBe(T0 - 60_000);
    await complete(3, lastRequest(3)?.requestId ?? 0);
    await alive(3, T0 + 5000);
    await alive(3, T0 + 6000, false);
    expect(monitor.isUp(3)).toBe(false);
    expect(events).toEqual(['up 3', 'down 3 unsubscribed']);
    expect(lastRequest(3)?.after).toBe(T0 + 5000);
  });

  it('a disconnect marks every producer down; recovery waits for the connection', async () => {
    const { monitor, events, complete, lastRequest } = setup();
    await monitor.connected();
    await complete(1, lastRequest(1)?.requestId ?? 0);
    await complete(3, lastRequest(3)?.requestId ?? 0);
    monitor.disconnected();
    expect(events).toEqual(['up 1', 'up 3', 'down 1 disconnected', 'down 3 disconnected']);
    const before = standIn.recoveries.length;
    await monitor.tick();
    expect(standIn.recoveries.length).toBe(before);
    await monitor.connected();
    expect(standIn.recoveries.length).toBe(before + 2);
  });

  it('a refused recovery is asked again after the retry delay; an `after` beyond the window is a full recovery', async () => {
    standIn.setRecoveryStatus(403);
    const { clock, monitor, lastRequest } = setup({
      lastProcessed: { 1: T0 - 11 * 3_600_000, 3: T0 - 3_600_000 },
    });
    await monitor.connected();
    expect(lastRequest(1)?.after).toBeUndefined(); // LO keeps 10 hours
    expect(lastRequest(3)?.after).toBe(T0 - 3_600_000);
    expect(monitor.state(1)?.recovery?.failed).toBe(true);
    standIn.setRecoveryStatus(202);
    clock.advance(29_000);
    await monitor.tick();
    expect(standIn.recoveries).toHaveLength(2);
    clock.advance(1000);
    await monitor.tick();
    expect(standIn.recoveries).toHaveLength(4);
    expect(monitor.state(1)?.recovery?.failed).toBeUndefined();
    // Each request has its own id, increasing.
    const ids = standIn.recoveries.map((r) => r.requestId ?? 0);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('a recovery that never completes is asked again after the recovery timeout', async () => {
    const { clock, monitor } = setup();
    await monitor.connected();
    clock.advance(15 * 60_000 - 1);
    await monitor.tick();
    expect(standIn.recoveries).toHaveLength(2);
    clock.advance(1);
    await monitor.tick();
    expect(standIn.recoveries).toHaveLength(4);
  });
});
