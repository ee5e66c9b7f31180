import { AVAILABLE_LOCALES } from '@casino/contracts/calls/account';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countSessions, sessions } from '../../platform/session.ts';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('account.changefakename', () => {
  it('sets the nickname shown in account info', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.changefakename', { fakename: 'LuckyOwl' })).data).toBe(1);
    expect((await client.get('account.getInfo')).data.fakename).toBe('LuckyOwl');
  });

  it.each([
    ['Owl', 'minCountSymbolsFakename', 'Owl'],
    ['an empty name', 'minCountSymbolsFakename', ''],
    ['Lucky Owl', 'specialSymbolsFakename', 'Lucky Owl'],
    ['lucky_owl', 'specialSymbolsFakename', 'lucky_owl'],
    ['lucky-owl', 'specialSymbolsFakename', 'lucky-owl'],
    ['33 letters', 'maxLength', 'A'.repeat(33)],
    ['20,000 letters', 'maxLength', 'A'.repeat(20_000)],
    ['a zero-width space', 'specialSymbolsFakename', 'Lucky\u200BOwl'],
    ['a right-to-left override', 'specialSymbolsFakename', '\u202EylluOwl'],
    ['variation selectors', 'specialSymbolsFakename', 'Lucky\uFE0F\uFE0FOwl'],
    ['a Hangul filler', 'specialSymbolsFakename', 'Lucky\u3164Owl'],
  ])('refuses %s with %s', async (_label, code, fakename) => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.changefakename', { fakename });
    expect(r.error.error_data.invalid_parameters).toEqual({ fakename: code });
  });

  it('answers a field error, not a 500, for a nickname of 900 KB, and keeps the one it had', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.changefakename', { fakename: 'PatientOwl' })).data).toBe(1);
    const r = await client.post('account.changefakename', { fakename: 'A'.repeat(900_000) });
    expect(r).toMatchObject({
      status: 400,
      error: {
        type: 'InvalidParameterException',
        error_data: { invalid_parameters: { fakename: 'maxLength' } },
      },
    });
    expect((await client.get('account.getInfo')).data.fakename).toBe('PatientOwl');
  });

  it('refuses a nickname another player has, whatever its case', async () => {
    const { client: first } = await signedInClient(t.app);
    await first.post('account.changefakename', { fakename: 'GoldFox' });
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.changefakename', { fakename: 'goldfox' });
    expect(r.error.error_data.invalid_parameters).toEqual({ fakename: 'alreadyExists' });
    // keeping one's own nickname is fine
    expect((await first.post('account.changefakename', { fakename: 'GoldFox' })).data).toBe(1);
  });
});

describe('account.changelocale', () => {
  it('accepts each available locale', async () => {
    const { client } = await signedInClient(t.app);
    for (const locale of AVAILABLE_LOCALES) {
      expect((await client.post('account.changelocale', { locale })).data).toBe(1);
      expect((await client.get('account.getInfo')).data.locale).toBe(locale);
    }
  });

  it('refuses an unknown locale', async () => {
    const { client } = await signedInClient(t.app);
    const r = await client.post('account.changelocale', { locale: 'xx' });
    expect(r.error.error_data.invalid_parameters).toEqual({ locale: 'wrongField' });
  });
});

describe('account.changepassword', () => {
  it('changes the password and ends every other session', async () => {
    const { client, player, password } = await signedInClient(t.app);
    const now = t.clock.now();
    await t.app.ctx.db.insert(sessions).values({
      tokenHash: 'another-device',
      playerId: player.id,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + 3600_000),
    });
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(2);
    const r = await client.post('account.changepassword', {
      current_password: password,
      new_password: 'n3wSecret!',
      repeat_password: 'n3wSecret!',
    });
    expect(r.data).toBe(1);
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(1);
    expect((await client.get('account.getInfo')).data.uid).toBe(player.id);
    // the new password is now the one that counts
    const again = await client.post('account.changepassword', {
      current_password: password,
      new_password: 'another1',
      repeat_password: 'another1',
    });
    expect(again.error.error_data.invalid_parameters).toEqual({ current_password: 'wrongField' });
    const back = await client.post('account.changepassword', {
      current_password: 'n3wSecret!',
      new_password: 'another1',
      repeat_password: 'another1',
    });
    expect(back.data).toBe(1);
  });

  it.each([
    [
      { current_password: '', new_password: 'abcdef1', repeat_password: 'abcdef1' },
      { current_password: 'insertPassword' },
    ],
    [
      { current_password: 'secret123', new_password: '', repeat_password: '' },
      { new_password: 'insertPassword' },
    ],
    [
      { current_password: 'secret123', new_password: 'abc', repeat_password: 'abc' },
      { new_password: 'shortPassword' },
    ],
    [
      { current_password: 'secret123', new_password: 'abc def1', repeat_password: 'abc def1' },
      { new_password: 'useSpace' },
    ],
    [
      { current_password: 'secret123', new_password: 'пароль123', repeat_password: 'пароль123' },
      { new_password: 'notWalidPassword' },
    ],
    [
      { current_password: 'secret123', new_password: 'a'.repeat(21), repeat_password: 'a'.repeat(21) },
      { new_password: 'longPassword' },
    ],
    [
      { current_password: 'secret123', new_password: 'abcdef1', repeat_password: 'abcdef2' },
      { repeat_password: 'passwordsNotEqual' },
    ],
    [
      { current_password: 'wrong-one', new_password: 'abcdef1', repeat_password: 'abcdef1' },
      { current_password: 'wrongField' },
    ],
  ])('refuses %j', async (form, expected) => {
    const { client, player } = await signedInClient(t.app);
    const r = await client.post('account.changepassword', form);
    expect(r.status).toBe(400);
    expect(r.error.error_data.invalid_parameters).toEqual(expected);
    expect(await countSessions(t.app.ctx.db, player.id)).toBe(1);
  });

  it('limits password tries per player', async () => {
    const { client } = await signedInClient(t.app);
    const form = { current_password: 'nope-nope', new_password: 'abcdef1', repeat_password: 'abcdef1' };
    for (let i = 0; i < 10; i++) expect((await client.post('account.changepassword', form)).status).toBe(400);
    const r = await client.post('account.changepassword', form);
    expect(r.status).toBe(429);
    expect(r.error.type).toBe('TooManyRequestsException');
  });
});

describe('account.setUserOnVerification and account.setCurrency', () => {
  it('marks the player as on verification', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.setUserOnVerification')).data).toBe(1);
    expect((await client.get('account.getInfo')).data.is_on_verification).toBe(true);
  });

  it('accepts USD and refuses any other currency', async () => {
    const { client } = await signedInClient(t.app);
    expect((await client.post('account.setCurrency', { currency: 'usd' })).data).toBe(1);
    expect((await client.get('account.getInfo')).data.balance.currency).toBe('USD');
    const r = await client.post('account.setCurrency', { currency: 'EUR' });
    expect(r.error.error_data.invalid_parameters).toEqual({ currency: 'wrongField' });
  });
});
