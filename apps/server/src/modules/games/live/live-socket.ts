/**
 * `/ws/live`: every socket (visitors too, no token) receives the shared live tables' round events
 * `{ event, data }` — round open with the seed hash, the spin with the pocket, the settlement with the revealed
 * seed — so every player sees the same spin; the crash tables' rounds (betting, flying, crashed with the seed,
 * settled with the bets) and each bet placed or settled (live.crash.bet). `?sysname=` narrows to one table.
 * Personal settlements go to the player's own socket (/ws, topic games.round_settled).
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TAppContext } from '../../../platform/context.ts';
import { socketTopics } from '../../wallet/socket.ts';
import { ROUND_SETTLED } from '../play/play-round.ts';
import { WINNER_TOPIC } from '../play/winners.ts';
import { CRASH_BET_TOPIC, CRASH_ROUND_TOPIC } from './crash-round.ts';
import { LIVE_ROUND_TOPIC } from './live-table.ts';

/** Topics pushed to every /ws/live socket. */
export const liveBroadcastTopics = new Set<string>([
  LIVE_ROUND_TOPIC,
  CRASH_ROUND_TOPIC,
  CRASH_BET_TOPIC,
  WINNER_TOPIC,
]);

export const registerLiveSocket = async (app: FastifyInstance, ctx: TAppContext) => {
  socketTopics.add(ROUND_SETTLED);
  if (!app.hasDecorator('websocketServer')) await app.register(websocket);
  const sockets = new Map<WebSocket, string | null>();
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (!liveBroadcastTopics.has(event.topic)) return;
    const sysname = (event.payload as { sysname?: unknown } | null)?.sysname;
    const message = JSON.stringify({ event: event.topic, data: event.payload });
    for (const [socket, only] of sockets)
      if (socket.readyState === socket.OPEN && (only === null || only === sysname)) socket.send(message);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const socket of sockets.keys()) socket.terminate();
  });
  app.get('/ws/live', { websocket: true }, (socket, request) => {
    const sysname = (request.query as Record<string, unknown>).sysname;
    sockets.set(socket, typeof sysname === 'string' && sysname ? sysname : null);
    socket.on('close', () => sockets.delete(socket));
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
  });
};
