/**
 * The players whose rewards may be due after a bet, settled one at a time (claims.ts). Bets hand them over after
 * commit, and when many players reach a level in the same second, settling them all at once would open as many
 * transactions beside the bets, each on a pooled connection of its own (and new connections when the pool runs
 * short): the bets of every player would wait for the database. One at a time, a burst costs the bets one
 * connection's work. A player already waiting is not queued twice: the settlement that runs pays all that is due
 * by then.
 */
export const claimQueue = (settle: (playerId: number) => Promise<void>) => {
  const waiting = new Map<number, Promise<void>>();
  let tail: Promise<unknown> = Promise.resolve();
  return (playerId: number): Promise<void> => {
    const queued = waiting.get(playerId);
    if (queued) return queued;
    const run = tail.then(() => {
      // From here, what becomes due needs a settlement of its own.
      waiting.delete(playerId);
      return settle(playerId);
    });
    waiting.set(playerId, run);
    tail = run.catch(() => undefined);
    return run;
  };
};
