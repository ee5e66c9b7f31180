/**
 * The live socket `/ws?token=…`: the token is account.getToken's short-lived HMAC token. Every socket of a
 * player receives `{ event, data }` for each bus event addressed to that player (`payload.uid`), first of all
 * `account.balance_updated` after every movement. The bus is Redis pub/sub when REDIS_URL is set, so a movement
 * on one instance reaches the player's sockets on every instance.
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TAppContext } from '../../platform/context.ts';
import { registerWebsockets } from '../../platform/websockets.ts';
import { verifySocketToken } from '../account/index.ts';
import { BALANCE_UPDATED } from '../ledger/index.ts';

/** The bus topics pushed to players' sockets; other modules may add theirs (payload must carry `uid`). */
export const socketTopics = new Set<string>([BALANCE_UPDATED]);

export const registerSocket = async (app: FastifyInstance, ctx: TAppContext) => {
  await registerWebsockets(app, ctx.config);
  const sockets = new Map<number, Set<WebSocket>>();

  const unsubscribe = ctx.bus.subscribe((event) => {
    if (!socketTopics.has(event.topic)) return;
    const uid = (event.payload as { uid?: unknown } | null)?.uid;
    if (typeof uid !== 'number') return;
    const targets = sockets.get(uid);
    if (!targets) return;
    const message = JSON.stringify({ event: event.topic, data: event.payload });
    for (const socket of targets) if (socket.readyState === socket.OPEN) socket.send(message);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const set of sockets.values()) for (const socket of set) socket.terminate();
  });

  app.get('/ws', { websocket: true }, (socket, request) => {
    const token = (request.query as Record<string, unknown>).token;
    const uid =
      typeof token === 'string'
        ? verifySocketToken(ctx.config.SESSION_SECRET, token, ctx.providers.clock.now())
        : null;
    if (uid === null) {
      socket.close(4401, 'invalid token');
      return;
    }
    let set = sockets.get(uid);
    if (!set) {
      set = new Set();
      sockets.set(uid, set);
    }
    set.add(socket);
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && sockets.get(uid) === set) sockets.delete(uid);
    });
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
  });
};
