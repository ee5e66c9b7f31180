/** One Redis connection factory, used by the rate limiter and the event bus when REDIS_URL is set. */
import { Redis } from 'ioredis';

export const connectRedis = (url: string) =>
  new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3, enableOfflineQueue: true });
export type TRedis = Redis;
