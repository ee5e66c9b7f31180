/**
 * `/ws/sportsbook`: every socket (visitors too) hears `{ event: 'sportsbook.odds_changed', data: { event_id,
 * markets } }` when the feed changes prices or statuses, so the site refreshes and flashes the odds it shows.
 * `?event=` narrows it to one event. The bus is Redis pub/sub with several instances.
 *
 * A change is serialized and encoded once, whatever the number of sockets, and goes only to the sockets that
 * listen to everything or to its event (kept per event, not filtered socket by socket).
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TAppContext } from '../../platform/context.ts';
import { registerWebsockets } from '../../platform/websockets.ts';
import { ODDS_CHANGED } from './feed.ts';

const EVERYTHING = '';
const TEXT = { binary: false } as const;

export const registerOddsSocket = async (app: FastifyInstance, ctx: TAppContext) => {
  await registerWebsockets(app, ctx.config);
  /** Sockets by the event they listen to ('' for every event). */
  const listeners = new Map<string, Set<WebSocket>>();
  const sendTo = (sockets: Set<WebSocket> | undefined, frame: Buffer) => {
    if (sockets)
      for (const socket of sockets) if (socket.readyState === socket.OPEN) socket.send(frame, TEXT);
  };
  const unsubscribe = ctx.bus.subscribe((event) => {
    if (event.topic !== ODDS_CHANGED) return;
    const eventId = (event.payload as { event_id?: unknown } | null)?.event_id;
    const frame = Buffer.from(JSON.stringify({ event: event.topic, data: event.payload }));
    sendTo(listeners.get(EVERYTHING), frame);
    if (typeof eventId === 'string' && eventId !== EVERYTHING) sendTo(listeners.get(eventId), frame);
  });
  app.addHook('onClose', async () => {
    unsubscribe();
    for (const sockets of listeners.values()) for (const socket of sockets) socket.terminate();
  });
  app.get('/ws/sportsbook', { websocket: true }, (socket, request) => {
    const only = (request.query as Record<string, unknown>).event;
    const key = typeof only === 'string' ? only : EVERYTHING;
    let sockets = listeners.get(key);
    if (!sockets) {
      sockets = new Set();
      listeners.set(key, sockets);
    }
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && listeners.get(key) === sockets) listeners.delete(key);
    });
    socket.on('message', (data) => {
      if (String(data) === 'ping') socket.send('pong');
    });
  });
};
