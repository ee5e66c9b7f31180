/** Fixed-window counters for the rate limits: in memory by default, in Redis when set, so limits hold across instances. */
import type { TClock } from './providers.ts';
import type { TRedis } from './redis.ts';

export interface TRateLimiter {
  /** Counts one hit; answers the hits in the window and the seconds until the window ends. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; resetSeconds: number }>;
  reset(key: string): Promise<void>;
}

export const memoryRateLimiter = (clock: TClock): TRateLimiter => {
  const windows = new Map<string, { count: number; endsAt: number }>();
  return {
    async hit(key, windowSeconds) {
      const now = clock.now().getTime();
      let window = windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + windowSeconds * 1000 };
        windows.set(key, window);
        if (windows.size > 100_000) for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k);
      }
      window.count += 1;
      return { count: window.count, resetSeconds: Math.ceil((window.endsAt - now) / 1000) };
    },
    async reset(key) {
      windows.delete(key);
    },
  };
};

export const redisRateLimiter = (redis: TRedis, prefix: string): TRateLimiter => ({
  async hit(key, windowSeconds) {
    const full = `${prefix}rl:${key}`;
    const [[, count], [, ttl]] = (await redis.multi().incr(full).pttl(full).exec()) as [
      [null, number],
      [null, number],
    ];
    if (ttl < 0) await redis.pexpire(full, windowSeconds * 1000);
    return { count, resetSeconds: ttl < 0 ? windowSeconds : Math.ceil(ttl / 1000) };
  },
  async reset(key) {
    await redis.del(`${prefix}rl:${key}`);
  },
});
