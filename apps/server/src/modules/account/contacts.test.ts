import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/messaging.ts';
import { makePlayer, signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { findPlayerById, listContacts } from '../players/service.ts';
import { contactConfirmations } from './schema.ts';
import { makeUnsubscribeToken, unsubscribeUrl } from './unsubscribe.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const contactsOf = async (client: Awaited<ReturnType<typeof signedInClient>>['client']) =>
  (await client.get('account.getprofileinfo', { fields: 'contacts' })).data.contacts as {
    type: string;
    value: string;
    is_confirmed: boolean;
    is_subscribed: boolean;
    phone_country_code?: string;
  }[];

/** The code of the last message sent to a recipient, read from the outbox as a person would. */
const lastCode = async (recipient: string) => {
  const [message] = await t.app.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(message?.bodyText ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${recipient}`);
  return code;
};
const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('account.addcontact', () => {
  it('adds a phone in international digits, checked against the country mask', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.addcontact', {
      type: 'phone',
      value: '(212) 555-0142',
      phone_country_code: 'US',
    });
    expect(r.data).toBe(1);
    expect(await contactsOf(client)).toContainEqual({
      type: 'phone',
      value: '12125550142',
      is_confirmed: false,
      is_subscribed: true,
      phone_country_code: 'US',
    });
    const profile = (await client.get('account.getprofileinfo')).data;
    expect(profile.mobile).toBe('12125550142');
    expect(profile.phone_country_code).toBe('US');
  });

  it('accepts a phone sent with its phone code', async () => {
    const { client } = await signedInClient(t.app);
    await client.post('account.addcontact', {
      type: 'phone',
      value: '+33 6 12 34 56 78',
      phone_country_code: 'FR',
    });
    expect((await contactsOf(client)).find((c) => c.type === 'phone')?.value).toBe('33612345678');
  });

  it.each([
    [{ type: 'phone', value: '12345', phone_country_code: 'US' }, 'wrongPhoneFormat'],
    [{ type: 'phone', value: '2125550142', phone_country_code: 'ZZ' }, 'wrongPhoneFormat'],
    [{ type: 'phone', value: '212abc0142', phone_country_code: 'US' }, 'wrongPhoneFormat'],
    [{ type: 'phone', value: '', phone_country_code: 'US' }, 'insertPhoneNumber'],
    [{ type: 'email', value: 'not-an-email' }, 'wrongEmailAddress'],
    [{ type: 'email', value: 'a b@example.com' }, 'wrongEmailAddress'],
    [{ type: 'email', value: '' }, 'insertEmailAddress'],
  ])('refuses %j with %s', async (form, code) => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.addcontact', form);
    expect(r.status).toBe(400);
    expect(r.error.error_data.invalid_parameters).toEqual({ value: code });
  });

  it('refuses an unknown contact type', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.addcontact', { type: 'fax', value: '1' });
    expect(r.error.error_data.invalid_parameters).toEqual({ type: 'wrongField' });
  });

  it("refuses another player's e-mail, phone or login with alreadyExists", async () => {
    const other = await makePlayer(t.app, { phone: '4915112345678', phoneCountryCode: 'DE' });
    const { client } = await signedInClient(t.app, { email: null, login: 'lonely-player' });
    const email = await client.post('account.addcontact', {
      type: 'email',
      value: other.email.toUpperCase(),
    });
    expect(email.error.error_data.invalid_parameters).toEqual({ value: 'alreadyExists' });
    const phone = await client.post('account.addcontact', {
      type: 'phone',
      value: '151 12345678',
      phone_country_code: 'DE',
    });
    expect(phone.error.error_data.invalid_parameters).toEqual({ value: 'alreadyExists' });
    await makePlayer(t.app, { login: 'login@example.org', email: 'elsewhere@example.org' });
    const login = await client.post('account.addcontact', { type: 'email', value: 'login@example.org' });
    expect(login.error.error_data.invalid_parameters).toEqual({ value: 'alreadyExists' });
  });

  it('replaces an unconfirmed contact, but not a confirmed one', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.addcontact', { type: 'email', value: 'new@example.net' })).data).toBe(
      1,
    );
    expect((await contactsOf(client)).filter((c) => c.type === 'email')).toEqual([
      { type: 'email', value: 'new@example.net', is_confirmed: false, is_subscribed: true },
    ]);
    expect((await client.get('account.getprofileinfo')).data.email).toBe('new@example.net');

    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    await client.post('account.confirmContact', {
      contact: 'email',
      code: await lastCode('new@example.net'),
    });
    const r = await client.post('account.addcontact', { type: 'email', value: 'third@example.net' });
    expect(r.error.error_data.invalid_parameters).toEqual({ type: 'alreadyExists' });
    expect((await contactsOf(client)).find((c) => c.type === 'email')?.value).toBe('new@example.net');
  });
});

describe('contact confirmation', () => {
  it('sends a 6-digit code by e-mail, stores only its hash, sets confirm_sent, and confirms', async () => {
    const { client, email, player } = await signedInClient(t.app);
    expect((await client.post('account.sendconfirmationtocontact', { contact: 'email' })).data).toBe(1);
    const code = await lastCode(email);
    const [row] = await t.app.ctx.db
      .select()
      .from(contactConfirmations)
      .where(eq(contactConfirmations.playerId, player.id));
    expect(row?.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.codeHash).not.toContain(code);
    expect((await client.get('account.getprofileinfo')).data.confirm_sent).toBe(true);

    expect((await client.post('account.confirmContact', { contact: 'email', code })).data).toBe(1);
    expect((await contactsOf(client)).find((c) => c.type === 'email')?.is_confirmed).toBe(true);
    // single use: the same code again is wrong
    const again = await client.post('account.confirmContact', { contact: 'email', code });
    expect(again.error.error_data.invalid_parameters).toEqual({ code: 'wrongCode' });
  });

  it('sends a phone code by SMS', async () => {
    const { client } = await signedInClient(t.app);
    await client.post('account.addcontact', {
      type: 'phone',
      value: '7911 123456',
      phone_country_code: 'GB',
    });
    expect((await client.post('account.sendconfirmationtocontact', { contact: 'phone' })).data).toBe(1);
    const code = await lastCode('+447911123456');
    expect((await client.post('account.confirmContact', { contact: 'phone', code })).data).toBe(1);
    expect((await contactsOf(client)).find((c) => c.type === 'phone')?.is_confirmed).toBe(true);
  });

  it('throttles resends to one per 60 seconds', async () => {
    const { client } = await signedInClient(t.app);
    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    t.clock.advance(20_000);
    const r = await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    expect(r.status).toBe(429);
    expect(r.error).toEqual({ type: 'TooManyRequestsException', error_data: { retry_after: 40 } });
    t.clock.advance(40_000);
    expect((await client.post('account.sendconfirmationtocontact', { contact: 'email' })).data).toBe(1);
  });

  it('lets only one of two simultaneous sends through', async () => {
    const { client } = await signedInClient(t.app);
    const results = await Promise.all([
      client.post('account.sendconfirmationtocontact', { contact: 'email' }),
      client.post('account.sendconfirmationtocontact', { contact: 'email' }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
  });

  it('sends at once to a contact replaced by a new value', async () => {
    const { client, email } = await signedInClient(t.app);
    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    await client.post('account.addcontact', { type: 'email', value: `fresh-${email}` });
    expect((await client.post('account.sendconfirmationtocontact', { contact: 'email' })).data).toBe(1);
    const code = await lastCode(`fresh-${email}`);
    expect((await client.post('account.confirmContact', { contact: 'email', code })).data).toBe(1);
  });

  it('refuses a missing or already confirmed contact', async () => {
    const { client } = await signedInClient(t.app);
    const missing = await client.post('account.sendconfirmationtocontact', { contact: 'phone' });
    expect(missing.error.error_data.invalid_parameters).toEqual({ contact: 'notFound' });
    const { client: confirmed } = await signedInClient(t.app);
    await confirmed.post('account.sendconfirmationtocontact', { contact: 'email' });
    const { email } = await confirmed.get('account.getprofileinfo').then((r) => r.data);
    await confirmed.post('account.confirmContact', { contact: 'email', code: await lastCode(email) });
    t.clock.advance(61_000);
    const again = await confirmed.post('account.sendconfirmationtocontact', { contact: 'email' });
    expect(again.error.error_data.invalid_parameters).toEqual({ contact: 'wrongField' });
  });

  it('expires a code after 15 minutes', async () => {
    const { client, email } = await signedInClient(t.app);
    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    const code = await lastCode(email);
    t.clock.advance(15 * 60_000);
    const r = await client.post('account.confirmContact', { contact: 'email', code });
    expect(r.status).toBe(400);
    expect(r.error.error_data).toEqual({ invalid_parameters: { code: 'wrongCode' }, message: 'expired' });
    expect((await contactsOf(client)).find((c) => c.type === 'email')?.is_confirmed).toBe(false);
  });

  it('voids the code after 5 wrong tries, until a new one is sent', async () => {
    const { client, email } = await signedInClient(t.app);
    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    const code = await lastCode(email);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const r = await client.post('account.confirmContact', { contact: 'email', code: otherCode(code) });
      expect(r.error.error_data).toEqual({
        invalid_parameters: { code: 'wrongCode' },
        attempts_left: 5 - attempt,
      });
    }
    const right = await client.post('account.confirmContact', { contact: 'email', code });
    expect(right.error.error_data).toEqual({ invalid_parameters: { code: 'wrongCode' }, message: 'resend' });

    t.clock.advance(60_000);
    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    const fresh = await lastCode(email);
    expect((await client.post('account.confirmContact', { contact: 'email', code: fresh })).data).toBe(1);
  });

  it('does not let a code sent to an old value confirm a replaced contact', async () => {
    const { client, email } = await signedInClient(t.app);
    await client.post('account.sendconfirmationtocontact', { contact: 'email' });
    const code = await lastCode(email);
    await client.post('account.addcontact', { type: 'email', value: `swapped-${email}` });
    const r = await client.post('account.confirmContact', { contact: 'email', code });
    expect(r.error.error_data.invalid_parameters).toEqual({ code: 'wrongCode' });
  });

  it('checks the code shape first', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.confirmContact', { contact: 'email', code: '12ab' });
    expect(r.error.error_data.invalid_parameters).toEqual({ code: 'wrongCode' });
    const empty = await client.post('account.confirmContact', { contact: 'email', code: '' });
    expect(empty.error.error_data.invalid_parameters).toEqual({ code: 'requiredField' });
  });

  it('limits confirmation tries per address and player', async () => {
    const { client } = await signedInClient(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await client.post('account.confirmContact', { contact: 'email', code: '000000' })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // another player from the same address has an allowance of their own
    const { client: other } = await signedInClient(t.app);
    expect((await other.post('account.confirmContact', { contact: 'email', code: '000000' })).status).toBe(
      400,
    );
  });
});

describe('subscriptions', () => {
  it("changes a contact's subscription and the account flag follows the e-mail", async () => {
    const { client } = await signedInClient(t.app);
    expect(
      (await client.post('account.changeSubscription', { contact: 'email', subscription: '0' })).data,
    ).toBe(1);
    expect((await contactsOf(client))[0]?.is_subscribed).toBe(false);
    expect((await client.get('account.getInfo')).data.is_subscribed).toBe(false);
    await client.post('account.changeSubscription', { contact: 'email', subscription: '1' });
    expect((await client.get('account.getInfo')).data.is_subscribed).toBe(true);
  });

  it('refuses a bad subscription value or a missing contact', async () => {
    const { client } = await signedInClient(t.app);
    const bad = await client.post('account.changeSubscription', { contact: 'email', subscription: 'yes' });
    expect(bad.error.error_data.invalid_parameters).toEqual({ subscription: 'wrongField' });
    const missing = await client.post('account.changeSubscription', { contact: 'phone', subscription: '0' });
    expect(missing.error.error_data.invalid_parameters).toEqual({ contact: 'notFound' });
  });

  it('unsubscribes through a signed link without a session', async () => {
    const { player } = await makePlayer(t.app);
    const url = new URL(unsubscribeUrl(t.app.ctx.config, player.id, 'email'));
    expect(`${url.origin}${url.pathname}`).toBe(`${t.app.ctx.config.PUBLIC_URL}/unsubscribe`);
    const visitor = apiClient(t.app);
    const r = await visitor.post('account.unsubscribe', Object.fromEntries(url.searchParams));
    expect(r.data).toBe(1);
    const [email] = await listContacts(t.app.ctx.db, player.id);
    expect(email?.isSubscribed).toBe(false);
    expect((await findPlayerById(t.app.ctx.db, player.id))?.isSubscribed).toBe(false);
    // the link keeps working (a second click changes nothing and does not fail)
    expect((await visitor.post('account.unsubscribe', Object.fromEntries(url.searchParams))).data).toBe(1);
  });

  it('refuses a forged, foreign or malformed unsubscribe link', async () => {
    const { player } = await makePlayer(t.app);
    const { player: victim } = await makePlayer(t.app);
    const visitor = apiClient(t.app);
    const secret = t.app.ctx.config.SESSION_SECRET;
    const forged = [
      { uid: victim.id, type: 'email', token: makeUnsubscribeToken(secret, player.id, 'email') },
      {
        uid: player.id,
        type: 'email',
        token: makeUnsubscribeToken('another-secret-entirely', player.id, 'email'),
      },
      { uid: player.id, type: 'email', token: 'abc' },
      { uid: 'x', type: 'email', token: makeUnsubscribeToken(secret, player.id, 'email') },
      { uid: player.id, type: 'phone', token: makeUnsubscribeToken(secret, player.id, 'phone') },
    ];
    for (const form of forged) {
      const r = await visitor.post('account.unsubscribe', form);
      expect(r.status).toBe(400);
      expect(r.error.type).toBe('InvalidParameterException');
    }
  });
});
