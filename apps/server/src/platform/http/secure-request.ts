/**
 * Whether a request reached us over TLS: directly, through a trusted proxy's X-Forwarded-Proto (TRUST_PROXY=1),
 * or because the public address is https (a proxy in front that we were not told to trust). Decides HSTS and
 * the Secure flag of cookies; plain http on a local run gets neither.
 */
import type { FastifyRequest } from 'fastify';
import type { TConfig } from '../config.ts';

export const isSecureRequest = (request: FastifyRequest, config: Pick<TConfig, 'PUBLIC_URL'>) =>
  request.protocol === 'https' || config.PUBLIC_URL.startsWith('https://');
