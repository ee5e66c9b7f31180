/**
 * `/ws/live`: every socket (visitors too, no token) receives the shared live tables' round events
 * `{ event, data }` — round open with the seed hash, the spin with the pocket, the settlement with the revealed
 * seed — so every player sees the same spin; the crash tables' rounds (betting, flying, crashed with the seed,
 * settled with the bets) and each bet placed or settled (live.crash.bet). `?sysname=` narrows to one table;
 * `?topics=a,b` narrows to topics starting with one of those prefixes (e.g. `competitions.`, `games.winner`).
 * Personal settlements go to the player's own socket (/ws, topic games.round_settled).
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TAppContext } from '../../../platform/context.ts';
import { registerWebsockets } from '../../../platform/websockets.ts';
import { socketTopics } from '../../wallet/index.ts';
import { ROUND_SETTLED } from '../play/round-steps.ts';
import { WINNER_TOPIC } from '../play/winners.ts';
import { CRASH_BET_TOPIC, CRASH_ROUND_TOPIC } from './crash-round.ts';
import { LIVE_ROUND_TOPIC } from './live-table.ts';
import type { TTableInterest } from './table-interest.ts';

/** Topics pushed to every /ws/live socket. */
export const liveBroadcastTopics = new Set<string>([
  LIVE_ROUND_TOPIC,
  CRASH_ROUND_TOPIC,
  CRASH_BET_TOPIC,
  WINNER_TOPIC,
]);

/** Every socket is a watcher: the shared tables tick while one is open (on this instance or another). */
export const registerLiveSocket = async (
  app: FastifyInstance,
  ctx: TAppContext,
  interest: TTableInterest,
) => {
  socketTopics.add(ROUND_SETTLED);
  await registerWebsockets(app, ctx.config);
  const sockets = new Map<WebSocket, { sysname: string | null; topics: string[] }>();
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (!liveBroadcastTopics.has(event.topic)) return;
    const sysname = (event.payload as { sysname?: unknown } | null)?.sysname;
    const message = JSON.stringify({ event: event.topic, data: event.payload });
    for (const [socket, only] of sockets)
      if (
        socket.readyState === socket.OPEN &&
        (only.sysname === null || only.sysname === sysname) &&
        (only.topics.length === 0 || only.topics.some((prefix) => event.topic.startsWith(prefix)))
      )
        socket.send(message);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const socket of sockets.keys()) socket.terminate();
  });
  app.get('/ws/live', { websocket: true }, (socket, request) => {
    const { sysname, topics } = request.query as Record<string, unknown>;
    sockets.set(socket, {
      sysname: typeof sysname === 'string' && sysname ? sysname : null,
      topics: typeof topics === 'string' ? topics.split(',').filter((t) => t !== '') : [],
    });
    const unwatch = interest.watch();
    socket.on('close', () => {
      sockets.delete(socket);
      unwatch();
    });
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
  });
};
