/**
 * The WebSocket server every socket route shares (@fastify/websocket), registered once with its limits:
 * - frames of at most 4 KiB: clients only ever send `ping`; a larger frame closes the socket with 1009;
 * - a message rate per connection, a token bucket of 20 a second with bursts of 40: past it, 1008;
 * - a heartbeat: every WS_PING_INTERVAL_MS each socket is pinged, and one that has not answered the previous
 *   ping (a dead peer, a client that vanished without closing) is terminated.
 */
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import type { TConfig } from './config.ts';

export const MAX_MESSAGE_BYTES = 4 * 1024;
const MESSAGES_PER_SECOND = 20;
const MESSAGE_BURST = 40;
const POLICY_VIOLATION = 1008;

/** Counts a socket's messages; closes it with 1008 once it sends faster than the bucket refills. */
const limitMessageRate = (socket: WebSocket, now: () => number) => {
  let tokens = MESSAGE_BURST;
  let at = now();
  socket.on('message', () => {
    const time = now();
    tokens = Math.min(MESSAGE_BURST, tokens + ((time - at) * MESSAGES_PER_SECOND) / 1000) - 1;
    at = time;
    if (tokens < 0 && socket.readyState === socket.OPEN) socket.close(POLICY_VIOLATION, 'too many messages');
  });
};

/** Registers the WebSocket server once (each socket module calls it); later calls do nothing. */
export const registerWebsockets = async (
  app: FastifyInstance,
  config: Pick<TConfig, 'WS_PING_INTERVAL_MS'>,
  now: () => number = () => performance.now(),
) => {
  if (app.hasDecorator('websocketServer')) return;
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });
  const server = app.websocketServer;
  const awaitingPong = new WeakSet<WebSocket>();
  server.on('connection', (socket: WebSocket) => {
    // A frame over maxPayload or a broken one is reported here, then ws closes the socket (1009, 1002).
    socket.on('error', (error) => app.log.debug({ err: error }, 'websocket closed on a bad frame'));
    socket.on('pong', () => awaitingPong.delete(socket));
    limitMessageRate(socket, now);
  });
  const heartbeat = setInterval(() => {
    for (const socket of server.clients) {
      if (awaitingPong.has(socket)) {
        socket.terminate();
        continue;
      }
      awaitingPong.add(socket);
      socket.ping();
    }
  }, config.WS_PING_INTERVAL_MS);
  heartbeat.unref();
  app.addHook('onClose', async () => clearInterval(heartbeat));
};
