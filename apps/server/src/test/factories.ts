/** Test factories: unique players, signed in without going through the auth calls. */
import { createHash, randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { FastifyInstance } from 'fastify';
import { createPlayer, type TNewPlayer } from '../modules/players/service.ts';
import { sessions } from '../platform/session.ts';
import { apiClient } from './test-app.ts';

let counter = 0;
export const uniqueEmail = () => `player${Date.now().toString(36)}${(counter++).toString(36)}@example.com`;

export const makePlayer = async (
  app: FastifyInstance,
  input: Partial<TNewPlayer> & { password?: string } = {},
) => {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? 'secret123';
  const player = await createPlayer(app.ctx.db, {
    login: input.login ?? email,
    email,
    passwordHash: await hash(password, { algorithm: 2 }),
    createdAt: app.ctx.providers.clock.now(),
    ...input,
  });
  return { player, email, password };
};

/** A player and an API client already holding that player's session cookie. */
export const signedInClient = async (
  app: FastifyInstance,
  input: Partial<TNewPlayer> & { password?: string } = {},
) => {
  const made = await makePlayer(app, input);
  const token = randomBytes(32).toString('base64url');
  const now = app.ctx.providers.clock.now();
  await app.ctx.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    playerId: made.player.id,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  const client = apiClient(app);
  client.jar.set('sid', token);
  return { ...made, client };
};
