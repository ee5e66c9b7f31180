/** /auth/forgot-password → /auth/reset-password with the mailed code, and /auth/change-password. */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '../../platform/messaging.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, OPERATOR_PASSWORD } from '../backoffice/backoffice-test-helpers.ts';
import { operatorAudit } from '../backoffice/schema.ts';
import { getMe, nextCode, postJson } from './content-auth-test-helpers.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const code = (secret: string) => nextCode(t.app, secret, t.clock.advance);
const mailsTo = (recipient: string) =>
  t.app.ctx.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id));
const resetCodeOf = (text: string) => /reset code, valid for 60 minutes: ([\w-]+)/.exec(text)?.[1] ?? '';
const audited = async (operatorId: number, action: string) =>
  (
    await t.app.ctx.db
      .select()
      .from(operatorAudit)
      .where(and(eq(operatorAudit.operatorId, operatorId), eq(operatorAudit.action, action)))
  ).length;
const signIn = (email: string, password: string, secret: string) =>
  postJson(t.app, '/auth/local', { identifier: email, password, totp: code(secret) });

describe('forgot and reset password', () => {
  it('answers { ok: true } for any address and mails a code only to an editor', async () => {
    const op = await makeOperator(t.app, 'content_editor');
    const finance = await makeOperator(t.app, 'finance');
    for (const email of [op.email, finance.email, 'nobody@ops.example.com']) {
      const response = await postJson(t.app, '/auth/forgot-password', { email });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
    }
    const [mail] = await mailsTo(op.email);
    expect(resetCodeOf(mail?.bodyText ?? '')).not.toBe('');
    expect(await mailsTo(finance.email)).toHaveLength(0);
    expect(await audited(op.id, 'content.password_reset_requested')).toBe(1);
  });

  it('resets with the mailed code and the TOTP code: { jwt, user }, the old password refused after', async () => {
    const op = await makeOperator(t.app, 'content_editor');
    const before = (await signIn(op.email, OPERATOR_PASSWORD, op.totpSecret)).json().jwt as string;
    await postJson(t.app, '/auth/forgot-password', { email: op.email });
    const resetCode = resetCodeOf((await mailsTo(op.email))[0]?.bodyText ?? '');
    const body = {
      code: resetCode,
      password: 'brand-new-password-1',
      passwordConfirmation: 'brand-new-password-1',
    };

    const noTotp = await postJson(t.app, '/auth/reset-password', body);
    expect(noTotp.json().error.details.errors[0].path).toEqual(['totp']);
    const mismatch = await postJson(t.app, '/auth/reset-password', {
      ...body,
      passwordConfirmation: 'x'.repeat(20),
    });
    expect(mismatch.json().error).toMatchObject({
      name: 'ValidationError',
      message: 'Passwords do not match',
    });
    const short = await postJson(t.app, '/auth/reset-password', {
      ...body,
      password: 'short',
      passwordConfirmation: 'short',
    });
    expect(short.json().error.message).toBe('password must be at least 12 characters');

    const reset = await postJson(t.app, '/auth/reset-password', { ...body, totp: code(op.totpSecret) });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().user).toMatchObject({ id: op.id, email: op.email });
    expect((await getMe(t.app, reset.json().jwt)).statusCode).toBe(200);
    expect((await getMe(t.app, before)).statusCode).toBe(401);
    expect(await audited(op.id, 'content.password_reset')).toBe(1);

    const old = await signIn(op.email, OPERATOR_PASSWORD, op.totpSecret);
    expect(old.json().error.message).toBe('Invalid identifier or password');
    expect((await signIn(op.email, 'brand-new-password-1', op.totpSecret)).statusCode).toBe(200);

    const again = await postJson(t.app, '/auth/reset-password', { ...body, totp: code(op.totpSecret) });
    expect(again.json().error).toMatchObject({
      status: 400,
      name: 'ValidationError',
      message: 'Incorrect code provided',
    });
  });

  it('refuses an unknown, a retired and an expired code', async () => {
    const op = await makeOperator(t.app, 'content_editor');
    const reset = (resetCode: string) =>
      postJson(t.app, '/auth/reset-password', {
        code: resetCode,
        password: 'brand-new-password-2',
        passwordConfirmation: 'brand-new-password-2',
        totp: code(op.totpSecret),
      });
    expect((await reset('no-such-code')).json().error.message).toBe('Incorrect code provided');
    await postJson(t.app, '/auth/forgot-password', { email: op.email });
    const first = resetCodeOf((await mailsTo(op.email))[0]?.bodyText ?? '');
    await postJson(t.app, '/auth/forgot-password', { email: op.email });
    expect((await reset(first)).json().error.message).toBe('Incorrect code provided');
    const second = resetCodeOf((await mailsTo(op.email))[0]?.bodyText ?? '');
    t.clock.advance(3600_000);
    expect((await reset(second)).json().error.message).toBe('Incorrect code provided');
  });
});

describe('POST /auth/change-password', () => {
  it('changes the password of the signed-in editor, answers a fresh token and revokes the earlier ones', async () => {
    const op = await makeOperator(t.app, 'content_editor');
    const jwt = (await signIn(op.email, OPERATOR_PASSWORD, op.totpSecret)).json().jwt as string;
    const auth = { authorization: `Bearer ${jwt}` };
    const body = {
      currentPassword: OPERATOR_PASSWORD,
      password: 'changed-password-3',
      passwordConfirmation: 'changed-password-3',
    };

    expect((await postJson(t.app, '/auth/change-password', body)).statusCode).toBe(401);
    const wrong = await postJson(
      t.app,
      '/auth/change-password',
      { ...body, currentPassword: 'not-it-at-all' },
      auth,
    );
    expect(wrong.json().error).toMatchObject({
      name: 'ValidationError',
      message: 'The provided current password is invalid',
    });
    const same = await postJson(
      t.app,
      '/auth/change-password',
      { ...body, password: OPERATOR_PASSWORD, passwordConfirmation: OPERATOR_PASSWORD },
      auth,
    );
    expect(same.json().error.message).toBe('Your new password must be different than your current password');

    const changed = await postJson(t.app, '/auth/change-password', body, auth);
    expect(changed.statusCode).toBe(200);
    expect((await getMe(t.app, jwt)).statusCode).toBe(401);
    expect((await getMe(t.app, changed.json().jwt)).statusCode).toBe(200);
    expect(await audited(op.id, 'content.password_changed')).toBe(1);
    expect(await audited(op.id, 'content.password_change_failed')).toBe(1);
    expect((await signIn(op.email, OPERATOR_PASSWORD, op.totpSecret)).statusCode).toBe(400);
    expect((await signIn(op.email, 'changed-password-3', op.totpSecret)).statusCode).toBe(200);
  });
});
