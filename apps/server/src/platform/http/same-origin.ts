/**
 * Whether a browser request comes from our own pages, for the GETs that change something (logout): the
 * browser's Sec-Fetch-Site when it sends one, else its Origin, else its Referer. A request that says nothing of
 * where it comes from is not taken for ours: a link on another site with referrerpolicy=no-referrer says nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { TConfig } from '../config.ts';
import { originOf, publicUrl } from '../public-url.ts';

/** Our own origins: the public address, and the address this request reached us on. */
export const ownOrigins = (request: FastifyRequest, config: Pick<TConfig, 'PUBLIC_URL' | 'PORT'>) =>
  new Set([publicUrl(config), originOf(request)].map((u) => new URL(u).origin));

const originOfUrl = (value: string): string | null => {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
};

export const isSameOriginRequest = (
  request: FastifyRequest,
  config: Pick<TConfig, 'PUBLIC_URL' | 'PORT'>,
): boolean => {
  const site = request.headers['sec-fetch-site'];
  // `none`: the player typed the address or opened a bookmark.
  if (typeof site === 'string') return site === 'same-origin' || site === 'none';
  const source = request.headers.origin ?? request.headers.referer;
  if (!source) return false;
  const origin = originOfUrl(source);
  return origin !== null && ownOrigins(request, config).has(origin);
};
