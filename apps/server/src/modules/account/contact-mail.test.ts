import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { t as translate } from '../i18n/translate.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lastMail = async (to: string) => {
  const rows = (await t.app.inject(`/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json();
  return rows[0] as { subject: string; bodyText: string };
};

describe('mails in the player’s language', () => {
  it('sends the contact code with a one-click confirmation link, in the player’s locale', async () => {
    const { client, email } = await signedInClient(t.app, { locale: 'de' });
    expect((await client.post('account.sendconfirmationtocontact', { contact: 'email' })).error).toBeNull();
    const mail = await lastMail(email);
    expect(mail.subject).toBe(translate('de', 'mail.contactCode.subject'));
    expect(mail.subject).not.toBe(translate('en', 'mail.contactCode.subject'));
    const code = /\b(\d{6})\b/.exec(mail.bodyText)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.bodyText).toContain(`http://localhost:3000/confirmation?contact=email&code=${code}`);
    expect((await client.post('account.confirmContact', { contact: 'email', code: code ?? '' })).data).toBe(
      1,
    );
  });

  it('sends the password reset link in the player’s locale', async () => {
    const { email } = await signedInClient(t.app, { locale: 'fr' });
    await apiClient(t.app).post('auth.restore', { login: email });
    const mail = await lastMail(email);
    expect(mail.subject).toBe(translate('fr', 'mail.passwordReset.subject'));
    expect(mail.bodyText).toMatch(/http:\/\/localhost:3000\/password-reset\?token=[\w-]{20,}/);
  });
});
