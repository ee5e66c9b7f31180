import { describe, expect, it } from 'vitest';
import { claimQueue } from './claim-queue.ts';

/** A settlement that ends when the test says so. */
const controlled = () => {
  const started: number[] = [];
  const finish = new Map<number, { resolve(): void; reject(error: Error): void }[]>();
  const settle = (playerId: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(playerId);
      finish.set(playerId, [...(finish.get(playerId) ?? []), { resolve, reject }]);
    });
  const end = async (playerId: number, error?: Error) => {
    const next = finish.get(playerId)?.shift();
    if (!next) throw new Error(`no settlement of ${playerId} running`);
    if (error) next.reject(error);
    else next.resolve();
    await new Promise((r) => setImmediate(r));
  };
  return { started, settle, end };
};

describe('claimQueue', () => {
  it('settles one player at a time, in the order they came', async () => {
    const { started, settle, end } = controlled();
    const queue = claimQueue(settle);
    const done: number[] = [];
    for (const id of [3, 1, 2]) void queue(id).then(() => done.push(id));
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([3]);
    await end(3);
    expect(started).toEqual([3, 1]);
    expect(done).toEqual([3]);
    await end(1);
    await end(2);
    expect(started).toEqual([3, 1, 2]);
    expect(done).toEqual([3, 1, 2]);
  });

  it('queues a waiting player once, and again once its settlement has started', async () => {
    const { started, settle, end } = controlled();
    const queue = claimQueue(settle);
    const first = queue(1);
    const waiting = [queue(2), queue(2)];
    expect(waiting[0]).toBe(waiting[1]);
    await new Promise((r) => setImmediate(r));
    await end(1);
    await first;
    // Player 2's settlement is running: what is due after it started needs another.
    const again = queue(2);
    expect(again).not.toBe(waiting[0]);
    await end(2);
    await Promise.all(waiting);
    await end(2);
    await again;
    expect(started).toEqual([1, 2, 2]);
  });

  it('hands a failure to its own callers only and goes on with the next player', async () => {
    const { started, settle, end } = controlled();
    const queue = claimQueue(settle);
    const failing = queue(1);
    const next = queue(2);
    await new Promise((r) => setImmediate(r));
    await end(1, new Error('database gone'));
    await expect(failing).rejects.toThrow('database gone');
    await end(2);
    await expect(next).resolves.toBeUndefined();
    expect(started).toEqual([1, 2]);
  });
});
