/**
 * The site's public address for links the server makes (mail, payment hand-off, robots, API docs): PUBLIC_URL
 * when set; otherwise the address the current request reached us on (its Host, or X-Forwarded-Host/-Proto
 * under TRUST_PROXY), so a start on any port links to itself; outside a request, localhost on PORT.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConfig } from './config.ts';

const requestOrigin = new AsyncLocalStorage<string>();

export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

export const publicUrl = (config: Pick<TConfig, 'PUBLIC_URL' | 'PORT'>): string =>
  config.PUBLIC_URL || (requestOrigin.getStore() ?? `http://localhost:${config.PORT}`);

/**
 * Runs each handler inside its request's origin. preHandler is the last step before the handler and is
 * called synchronously into it, so the store survives body parsing (which may leave the hook's context).
 */
export const registerRequestOrigin = (app: FastifyInstance) => {
  app.addHook('preHandler', (request, _reply, done) => {
    requestOrigin.run(originOf(request), done);
  });
};
