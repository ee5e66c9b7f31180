/** Test helpers for the content client: JSON requests from an address of their own, editors' TOTP codes. */
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../../platform/totp.ts';

let addresses = 0;

/** Each call is another client address, so the per-IP limits count per test. */
export const freshAddress = () => {
  addresses += 1;
  return `10.9.${Math.floor(addresses / 250) % 250}.${(addresses % 250) + 1}`;
};

export const postJson = (
  app: FastifyInstance,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url,
    remoteAddress: freshAddress(),
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });

export const getMe = (app: FastifyInstance, jwt: string) =>
  app.inject({ method: 'GET', url: '/users/me', headers: { authorization: `Bearer ${jwt}` } });

/** The current code of an editor's authenticator; the clock moves a step on so no code is replayed. */
export const nextCode = (app: FastifyInstance, secret: string, advance: (ms: number) => void) => {
  advance(30_000);
  return totpCode(secret, app.ctx.providers.clock.now());
};
