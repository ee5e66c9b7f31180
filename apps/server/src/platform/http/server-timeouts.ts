/**
 * The HTTP server's timeouts, as Fastify options: a request must arrive whole within HTTP_REQUEST_TIMEOUT_MS
 * (its head within 15 s at most), a socket idle for twice that is closed, and a kept-alive connection waits 72 s
 * for its next request (longer than the 60 s idle timeout of common load balancers, so they close first).
 * WebSockets are not held to these once upgraded (platform/websockets.ts pings them instead).
 */
import type { TConfig } from '../config.ts';

const HEADERS_TIMEOUT_MS = 15_000;
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

export const serverTimeouts = (config: Pick<TConfig, 'HTTP_REQUEST_TIMEOUT_MS'>) => {
  const requestTimeout = config.HTTP_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(HEADERS_TIMEOUT_MS, requestTimeout);
  return {
    requestTimeout,
    connectionTimeout: 2 * requestTimeout,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    http: {
      requestTimeout,
      headersTimeout,
      // Node looks for late requests this often (30 s by default): a quarter of the shortest timeout.
      connectionsCheckingInterval: Math.max(100, Math.min(30_000, Math.floor(headersTimeout / 4))),
    },
  };
};
