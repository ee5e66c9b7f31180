/** POST /auth/local and GET /users/me: editors only, argon2id and TOTP, tokens that expire and are revoked. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { makeOperator, OPERATOR_PASSWORD } from '../backoffice/backoffice-test-helpers.ts';
import { setOperatorRole, setOperatorStatus } from '../backoffice/operator-admin.ts';
import { setOperatorPassword } from '../backoffice/operators.ts';
import { operatorAudit, operators } from '../backoffice/schema.ts';
import { getMe, nextCode, postJson } from './content-auth-test-helpers.ts';
import { signContentToken } from './content-token.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const signIn = (body: unknown) => postJson(t.app, '/auth/local', body);
const code = (secret: string) => nextCode(t.app, secret, t.clock.advance);
const editor = () => makeOperator(t.app, 'content_editor');
const auditOf = (operatorId: number, action: string) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(and(eq(operatorAudit.operatorId, operatorId), eq(operatorAudit.action, action)));

const signedIn = async () => {
  const op = await editor();
  const response = await signIn({
    identifier: op.email,
    password: OPERATOR_PASSWORD,
    totp: code(op.totpSecret),
  });
  expect(response.statusCode).toBe(200);
  return { op, jwt: response.json().jwt as string };
};

describe('POST /auth/local', () => {
  it('signs a content editor in with password and TOTP: { jwt, user } as Strapi answers, audited', async () => {
    const op = await editor();
    const response = await signIn({
      identifier: op.email.toUpperCase(),
      password: OPERATOR_PASSWORD,
      totp: code(op.totpSecret),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json();
    expect(body.jwt).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(body.user).toMatchObject({
      id: op.id,
      email: op.email,
      provider: 'local',
      confirmed: true,
      blocked: false,
      role: { type: 'content_editor' },
    });
    expect(body.user.passwordHash).toBeUndefined();
    expect(await auditOf(op.id, 'content.login')).toHaveLength(1);
  });

  it('lets an admin in too', async () => {
    const op = await makeOperator(t.app, 'admin');
    const response = await signIn({
      identifier: op.email,
      password: OPERATOR_PASSWORD,
      totp: code(op.totpSecret),
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike (ValidationError), and audits them', async () => {
    const op = await editor();
    const wrong = await signIn({
      identifier: op.email,
      password: 'not-the-password',
      totp: code(op.totpSecret),
    });
    const unknown = await signIn({ identifier: 'nobody@ops.example.com', password: OPERATOR_PASSWORD });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        data: null,
        error: {
          status: 400,
          name: 'ValidationError',
          message: 'Invalid identifier or password',
          details: {},
        },
      });
    }
    expect(await auditOf(op.id, 'content.login_failed')).toHaveLength(1);
  });

  it('refuses an operator whose role may not edit content, and a disabled editor', async () => {
    for (const role of ['finance', 'support', 'marketing', 'auditor'] as const) {
      const op = await makeOperator(t.app, role);
      const response = await signIn({
        identifier: op.email,
        password: OPERATOR_PASSWORD,
        totp: code(op.totpSecret),
      });
      expect(response.statusCode, role).toBe(403);
      expect(response.json().error).toMatchObject({
        name: 'ForbiddenError',
        message: 'Your role may not edit content',
      });
      expect(await auditOf(op.id, 'content.login_refused')).toHaveLength(1);
    }
    const disabled = await editor();
    await t.app.ctx.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, disabled.id));
    const response = await signIn({
      identifier: disabled.email,
      password: OPERATOR_PASSWORD,
      totp: code(disabled.totpSecret),
    });
    expect(response.json().error.message).toBe('Invalid identifier or password');
  });

  it('asks for the TOTP code, refuses a wrong or replayed one, and sends an unenrolled operator to the back-office', async () => {
    const op = await editor();
    const missing = await signIn({ identifier: op.email, password: OPERATOR_PASSWORD });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toMatchObject({
      name: 'ValidationError',
      details: { errors: [{ path: ['totp'] }] },
    });
    expect(missing.json().error.message).toMatch(/^totp is a required field/);

    const wrong = await signIn({ identifier: op.email, password: OPERATOR_PASSWORD, totp: '000000' });
    expect(wrong.json().error.message).toBe('Invalid two-factor code');
    expect(await auditOf(op.id, 'content.totp_failed')).toHaveLength(1);

    const good = code(op.totpSecret);
    expect((await signIn({ identifier: op.email, password: OPERATOR_PASSWORD, totp: good })).statusCode).toBe(
      200,
    );
    const replay = await signIn({ identifier: op.email, password: OPERATOR_PASSWORD, totp: good });
    expect(replay.json().error.message).toBe('Invalid two-factor code');

    const fresh = await makeOperator(t.app, 'content_editor', { enrolled: false });
    const unenrolled = await signIn({ identifier: fresh.email, password: OPERATOR_PASSWORD, totp: '123456' });
    expect(unenrolled.json().error).toMatchObject({ status: 400, name: 'ApplicationError' });
    expect(unenrolled.json().error.message).toMatch(/enrol an authenticator/);
  });

  it('limits attempts per e-mail like the back-office sign-in (RateLimitError 429)', async () => {
    const op = await editor();
    for (let i = 0; i < 5; i += 1)
      expect((await signIn({ identifier: op.email, password: 'wrong-password-x' })).statusCode).toBe(400);
    const limited = await signIn({
      identifier: op.email,
      password: OPERATOR_PASSWORD,
      totp: code(op.totpSecret),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().error.name).toBe('RateLimitError');
  });
});

describe('GET /users/me', () => {
  it('answers the editor for a valid bearer token', async () => {
    const { op, jwt } = await signedIn();
    const response = await getMe(t.app, jwt);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: op.id, email: op.email, provider: 'local' });
  });

  it('refuses no token, an expired one (test clock) and a tampered one with UnauthorizedError 401', async () => {
    const { jwt } = await signedIn();
    const unauthorized = {
      data: null,
      error: {
        status: 401,
        name: 'UnauthorizedError',
        message: 'Missing or invalid credentials',
        details: {},
      },
    };
    const none = await t.app.inject({ method: 'GET', url: '/users/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual(unauthorized);

    const [header, payload, signature] = jwt.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, id: claims.id + 1 })).toString('base64url');
    expect((await getMe(t.app, `${header}.${forged}.${signature}`)).json()).toEqual(unauthorized);
    const none256 = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await getMe(t.app, `${none256}.${payload}.`)).statusCode).toBe(401);
    const otherSecret = signContentToken('another-secret-of-enough-length-00000', claims, t.clock.now(), 60);
    expect((await getMe(t.app, otherSecret)).statusCode).toBe(401);

    t.clock.advance(t.app.ctx.config.CONTENT_JWT_TTL_MINUTES * 60_000 + 1000);
    expect((await getMe(t.app, jwt)).json()).toEqual(unauthorized);
  });

  it('revokes tokens when the password changes, the operator is disabled or loses the content role', async () => {
    const first = await signedIn();
    await setOperatorPassword(t.app.ctx.db, first.op.id, 'another-password-2');
    expect((await getMe(t.app, first.jwt)).statusCode).toBe(401);

    const second = await signedIn();
    await t.app.ctx.db.update(operators).set({ status: 'disabled' }).where(eq(operators.id, second.op.id));
    expect((await getMe(t.app, second.jwt)).statusCode).toBe(401);

    // Through the back-office: disabled and enabled again, or a role taken away and given back, old tokens stay dead.
    const admin = { id: null, email: 'admin@ops.example.com', ip: null };
    const fourth = await signedIn();
    await setOperatorStatus(t.app.ctx, admin, fourth.op.id, 'disabled');
    await setOperatorStatus(t.app.ctx, admin, fourth.op.id, 'active');
    expect((await getMe(t.app, fourth.jwt)).statusCode).toBe(401);
    const fifth = await signedIn();
    await setOperatorRole(t.app.ctx, admin, fifth.op.id, 'support');
    await setOperatorRole(t.app.ctx, admin, fifth.op.id, 'content_editor');
    expect((await getMe(t.app, fifth.jwt)).statusCode).toBe(401);

    const third = await signedIn();
    await t.app.ctx.db.update(operators).set({ role: 'support' }).where(eq(operators.id, third.op.id));
    expect((await getMe(t.app, third.jwt)).statusCode).toBe(401);
  });
});
