/**
 * The request id: the one a proxy or client sent in `x-request-id` when it has a safe shape (it is echoed in
 * a header and written to the logs), else a new UUID. Spaces, quotes, escapes and long values never pass.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

export const isSafeRequestId = (value: unknown): value is string =>
  typeof value === 'string' && SAFE_REQUEST_ID.test(value);

/** Fastify's `genReqId`, with its `requestIdHeader` off so an unchecked header never becomes the id. */
export const requestIdOf = (request: IncomingMessage): string => {
  const sent = request.headers['x-request-id'];
  return isSafeRequestId(sent) ? sent : randomUUID();
};
