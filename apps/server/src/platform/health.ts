/** `/healthz`: the process is alive. `/readyz`: the database (and Redis when set) answer, so traffic may come. */
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from './context.ts';
import type { TRedis } from './redis.ts';

export const registerHealth = (app: FastifyInstance, ctx: TAppContext, redis?: TRedis) => {
  let shuttingDown = false;
  app.addHook('preClose', async () => {
    shuttingDown = true;
  });
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    const database = await ctx.database.ping();
    const cache = redis
      ? await redis.ping().then(
          (r) => r === 'PONG',
          () => false,
        )
      : true;
    const ready = database && cache && !shuttingDown;
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'unavailable', database, redis: redis ? cache : 'not configured' });
  });
};
