/** Test helpers for money: fund a player through a real sandbox deposit, confirm a contact, walk the hosted page. */

import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { sessions } from '../../platform/session.ts';
import { signedInClient } from '../../test/factories.ts';

export const form = (values: Record<string, string>) => ({
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  payload: new URLSearchParams(values).toString(),
});

export const sessionPath = (redirectUrl: string) => new URL(redirectUrl).pathname;

/** Pays a sandbox card session through the 3-D Secure step; answers the final redirect location. */
export const payByCard = async (app: FastifyInstance, redirectUrl: string, card = '4242424242424242') => {
  const path = sessionPath(redirectUrl);
  const paid = await app.inject({
    method: 'POST',
    url: `${path}/pay`,
    ...form({ card_number: card, card_holder: 'Jane Doe', expiry: '12/30', cvv: '123' }),
  });
  if (paid.headers.location !== path) return String(paid.headers.location);
  const challenge = await app.inject(path);
  const otp = /data-testid="otp">(\d{6})</.exec(challenge.body)?.[1] ?? '';
  const confirmed = await app.inject({ method: 'POST', url: `${path}/otp`, ...form({ code: otp }) });
  return String(confirmed.headers.location);
};

export const confirmContacts = (app: FastifyInstance, playerId: number) =>
  app.ctx.db.execute(sql`update player_contacts set is_confirmed = true where player_id = ${playerId}`);

/** A signed-in player with a confirmed e-mail and `amount` deposited by card through the sandbox (with an offer). */
export const depositedClient = async (app: FastifyInstance, amount: string, campaignOfferId?: number) => {
  const made = await signedInClient(app);
  await confirmContacts(app, made.player.id);
  if (amount !== '0') {
    const form: Record<string, string> = { method: 'card', amount };
    if (campaignOfferId !== undefined) form.campaign_offer_id = String(campaignOfferId);
    const r = await made.client.post('cashier.makedeposit', form);
    if (r.error) throw new Error(`deposit failed: ${r.error.type}`);
    const location = await payByCard(app, r.data.redirect_url);
    if (!location.startsWith('/cashier/paysuccess/')) throw new Error(`deposit not paid: ${location}`);
  }
  return made;
};

/** A new session for the client after the test clock moved past the old one's expiry. */
export const refreshSession = async (
  app: FastifyInstance,
  client: { jar: Map<string, string> },
  playerId: number,
) => {
  const token = randomBytes(32).toString('base64url');
  const now = app.ctx.providers.clock.now();
  await app.ctx.db.insert(sessions).values({
    tokenHash: createHash('sha256').update(token).digest('hex'),
    playerId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + 3600_000),
  });
  client.jar.set('sid', token);
};
