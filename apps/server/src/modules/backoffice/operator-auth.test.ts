import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, testConfig } from '../../platform/config.ts';
import { totpCode } from '../../platform/totp.ts';
import { signedInClient } from '../../test/factories.ts';
import { productionEnv } from '../../test/production-env.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import {
  adminClient,
  currentCode,
  makeOperator,
  OPERATOR_PASSWORD,
  signInOperator,
} from './backoffice-test-helpers.ts';
import { findOperatorByEmail } from './operators.ts';
import { operatorAudit, operatorSessions } from './schema.ts';
import { DEMO_OPERATOR_EMAIL, demoOperator, seedDemoOperator } from './seed-demo.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const auditOf = (action: string, operatorId?: number) =>
  t.app.ctx.db
    .select()
    .from(operatorAudit)
    .where(
      and(
        eq(operatorAudit.action, action),
        operatorId === undefined ? undefined : eq(operatorAudit.operatorId, operatorId),
      ),
    );

describe('operator sign-in', () => {
  it('sends a visitor without an operator session to the sign-in page', async () => {
    const client = adminClient(t.app);
    for (const path of ['/admin', '/admin/withdrawals', '/admin/players/1', '/admin/audit']) {
      const r = await client.get(path);
      expect(r.statusCode, path).toBe(303);
      expect(r.headers.location).toBe('/admin/login');
    }
    const page = await client.get('/admin/login');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.body).toContain('name="password"');
    // The site's icon (served with the site's build): without the link the browser asks for /favicon.ico, a 404.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg"');
  });

  it('forces TOTP enrolment at the first sign-in: QR code, wrong code refused, right code signs in', async () => {
    const operator = await makeOperator(t.app, 'admin', { enrolled: false });
    const client = adminClient(t.app);
    const login = await client.postRaw('/admin/login', {
      email: operator.email,
      password: OPERATOR_PASSWORD,
    });
    expect(login.statusCode).toBe(303);
    expect(login.headers.location).toBe('/admin/enrol');
    const cookie = String(login.headers['set-cookie']);
    expect(cookie).toMatch(/^bo_sid=/);
    expect(cookie).toContain('Path=/admin');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).not.toMatch(/Max-Age|Expires/i);

    // Half signed in: no page but the enrolment.
    expect((await client.get('/admin/withdrawals')).headers.location).toBe('/admin/enrol');
    const enrol = await client.get('/admin/enrol');
    expect(enrol.body).toContain('src="data:image/png;base64,');
    expect(enrol.body).toContain(operator.totpSecret.slice(0, 4));

    const wrong = await client.post('/admin/enrol', { code: '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('That code is not right');
    expect((await findOperatorByEmail(t.app.ctx.db, operator.email))?.totpConfirmedAt).toBeNull();

    const right = await client.post('/admin/enrol', {
      code: currentCode(t.app, operator.totpSecret, t.clock),
    });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/admin/withdrawals');
    expect((await findOperatorByEmail(t.app.ctx.db, operator.email))?.totpConfirmedAt).not.toBeNull();
    const queue = await client.get('/admin/withdrawals');
    expect(queue.statusCode).toBe(200);
    expect(queue.body).toContain('<h1>Withdrawals</h1>');
    expect(await auditOf('operator.totp_enrolled', operator.id)).toHaveLength(1);
    expect(await auditOf('operator.enrol_failed', operator.id)).toHaveLength(1);
    expect(await auditOf('operator.login', operator.id)).toHaveLength(1);
  });

  it('asks an enrolled operator for a code at every sign-in and never accepts a code twice', async () => {
    const operator = await makeOperator(t.app, 'admin');
    const client = adminClient(t.app);
    const login = await client.postRaw('/admin/login', {
      email: operator.email,
      password: OPERATOR_PASSWORD,
    });
    expect(login.headers.location).toBe('/admin/login/code');
    expect((await client.get('/admin/players')).headers.location).toBe('/admin/login/code');
    await client.get('/admin/login/code');
    const code = currentCode(t.app, operator.totpSecret, t.clock);
    expect((await client.post('/admin/login/code', { code })).statusCode).toBe(303);
    expect((await client.get('/admin/players')).statusCode).toBe(200);

    // The same code again (same 30-second step) from another browser is refused.
    const other = adminClient(t.app);
    await other.postRaw('/admin/login', { email: operator.email, password: OPERATOR_PASSWORD });
    await other.get('/admin/login/code');
    const replay = await other.post('/admin/login/code', { code });
    expect(replay.statusCode).toBe(401);
    expect((await other.get('/admin/players')).headers.location).toBe('/admin/login/code');
  });

  it('refuses a wrong password with one message for every cause, and audits it', async () => {
    const operator = await makeOperator(t.app, 'finance');
    const client = adminClient(t.app);
    const wrong = await client.postRaw('/admin/login', {
      email: operator.email,
      password: 'not-the-password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('Wrong e-mail or password.');
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await client.postRaw('/admin/login', { email: 'nobody@ops.example.com', password: 'x' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.body).toContain('Wrong e-mail or password.');
    const failures = await auditOf('operator.login_failed');
    expect(failures.some((r) => r.operatorId === operator.id && r.reason === 'password')).toBe(true);
    expect(failures.some((r) => r.operatorEmail === 'nobody@ops.example.com')).toBe(true);
  });

  it('answers an empty form by asking for both fields, without counting it as an attempt', async () => {
    const operator = await makeOperator(t.app, 'finance');
    const client = adminClient(t.app);
    const before = (await auditOf('operator.login_failed')).length;
    const forms: Record<string, string>[] = [
      { email: '', password: '' },
      { email: operator.email, password: '' },
      { email: '  ', password: 'x' },
      {},
    ];
    for (const form of forms) {
      const empty = await client.postRaw('/admin/login', form);
      expect([form, empty.statusCode]).toEqual([form, 400]);
      expect(empty.body).toContain('Enter your e-mail and password.');
      expect(empty.headers['set-cookie']).toBeUndefined();
    }
    expect((await auditOf('operator.login_failed')).length).toBe(before);
  });

  it('rate-limits password attempts per e-mail (even the right password is refused while limited)', async () => {
    const operator = await makeOperator(t.app, 'support');
    const client = adminClient(t.app);
    for (let i = 0; i < 5; i++)
      expect(
        (await client.postRaw('/admin/login', { email: operator.email, password: `bad-${i}` })).statusCode,
      ).toBe(401);
    const limited = await client.postRaw('/admin/login', {
      email: operator.email,
      password: OPERATOR_PASSWORD,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many attempts');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditOf('operator.login_rate_limited')).not.toHaveLength(0);
    // The memory limiter follows the app clock; Redis expires its windows in real time, so skip the wait there.
    if (process.env.REDIS_URL) return;
    t.clock.advance(16 * 60_000);
    const later = await client.postRaw('/admin/login', {
      email: operator.email,
      password: OPERATOR_PASSWORD,
    });
    expect(later.headers.location).toBe('/admin/login/code');
  });

  it('ends the half session after five wrong codes', async () => {
    const operator = await makeOperator(t.app, 'admin');
    const client = adminClient(t.app);
    await client.postRaw('/admin/login', { email: operator.email, password: OPERATOR_PASSWORD });
    await client.get('/admin/login/code');
    for (let i = 0; i < 4; i++)
      expect((await client.post('/admin/login/code', { code: '123456' })).statusCode).toBe(401);
    const locked = await client.post('/admin/login/code', { code: '123456' });
    expect(locked.headers.location).toBe('/admin/login?error=locked');
    expect(client.jar.has('bo_sid')).toBe(false);
    const rows = await t.app.ctx.db
      .select()
      .from(operatorSessions)
      .where(eq(operatorSessions.operatorId, operator.id));
    expect(rows).toHaveLength(0);
  });

  it('keeps operator and player sessions apart', async () => {
    const { client: player } = await signedInClient(t.app);
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/players',
      headers: { cookie: `sid=${player.jar.get('sid')}` },
    });
    expect(response.headers.location).toBe('/admin/login');

    const operator = await makeOperator(t.app, 'admin');
    const admin = await signInOperator(t.app, t.clock, operator);
    const token = admin.jar.get('bo_sid')?.value ?? '';
    expect(token).not.toBe('');
    const asPlayer = await t.app.inject({
      method: 'GET',
      url: '/api/cashier.getdepositsettings?v=1&locale=en',
      headers: { cookie: `sid=${token}; bo_sid=${token}` },
    });
    expect(asPlayer.json().error.type).toBe('AuthorizationException');
  });

  it('expires an idle operator session after 30 minutes and signs out on request', async () => {
    const operator = await makeOperator(t.app, 'admin');
    const client = await signInOperator(t.app, t.clock, operator);
    t.clock.advance(20 * 60_000);
    expect((await client.get('/admin/players')).statusCode).toBe(200);
    t.clock.advance(20 * 60_000); // 20 minutes after the last use: still inside the renewed idle window
    expect((await client.get('/admin/players')).statusCode).toBe(200);
    t.clock.advance(31 * 60_000);
    expect((await client.get('/admin/players')).headers.location).toBe('/admin/login');

    const again = await signInOperator(t.app, t.clock, operator);
    await again.get('/admin/players');
    const out = await again.post('/admin/logout');
    expect(out.headers.location).toBe('/admin/login?ok=signed_out');
    expect((await again.get('/admin/players')).headers.location).toBe('/admin/login');
    expect(await auditOf('operator.logout', operator.id)).toHaveLength(1);
  });

  it('refuses a post without the session CSRF token or from another origin', async () => {
    const operator = await makeOperator(t.app, 'admin');
    const client = await signInOperator(t.app, t.clock, operator);
    const { player } = await signedInClient(t.app);
    const noToken = await client.postRaw(`/admin/players/${player.id}/ban`, { reason: 'fraud ring' });
    expect(noToken.headers.location).toBe('/admin?error=csrf');
    const cookie = `bo_sid=${client.jar.get('bo_sid')?.value}`;
    const crossSite = await t.app.inject({
      method: 'POST',
      url: `/admin/players/${player.id}/ban`,
      headers: {
        cookie,
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({ _csrf: client.csrf, reason: 'fraud ring' }).toString(),
    });
    expect(crossSite.statusCode).toBe(403);
    const page = await client.get(`/admin/players/${player.id}`);
    expect(page.body).not.toContain('Unban player');
  });
});

describe('role permissions', () => {
  it('finance cannot ban a player or end sessions; support cannot adjust a balance or review withdrawals', async () => {
    const { player } = await signedInClient(t.app);
    const finance = await makeOperator(t.app, 'finance');
    const support = await makeOperator(t.app, 'support');
    const asFinance = await signInOperator(t.app, t.clock, finance);
    const asSupport = await signInOperator(t.app, t.clock, support);

    const financeView = await asFinance.get(`/admin/players/${player.id}`);
    expect(financeView.statusCode).toBe(200);
    expect(financeView.body).toContain('Manual adjustment');
    expect(financeView.body).not.toContain('Ban player');
    expect((await asFinance.post(`/admin/players/${player.id}/ban`, { reason: 'try it' })).statusCode).toBe(
      403,
    );
    expect((await asFinance.post(`/admin/players/${player.id}/sessions/end`)).statusCode).toBe(403);
    expect((await asFinance.get('/admin/kyc')).statusCode).toBe(403);
    expect((await asFinance.get('/admin/audit')).statusCode).toBe(403);

    const supportView = await asSupport.get(`/admin/players/${player.id}`);
    expect(supportView.statusCode).toBe(200);
    expect(supportView.body).toContain('Ban player');
    expect(supportView.body).not.toContain('Manual adjustment');
    expect(supportView.body).not.toContain('Ledger entries');
    const adjust = await asSupport.post(`/admin/players/${player.id}/adjust`, {
      direction: 'credit',
      account: 'main',
      amount: '10.00',
      reason: 'goodwill gesture',
      key: t.app.ctx.providers.random.uuid(),
    });
    expect(adjust.statusCode).toBe(403);
    expect((await asSupport.get('/admin/withdrawals')).statusCode).toBe(403);
    expect((await asSupport.get('/admin/audit')).statusCode).toBe(403);

    const denied = await auditOf('operator.denied');
    expect(denied.filter((r) => r.operatorId === finance.id).map((r) => r.after?.permission)).toContain(
      'players.ban',
    );
    expect(denied.filter((r) => r.operatorId === support.id).map((r) => r.after?.permission)).toContain(
      'adjustments.create',
    );
    expect(await auditOf('balance.credit')).toHaveLength(0);
  });

  it('lands each role on its first page', async () => {
    const support = await makeOperator(t.app, 'support');
    const client = adminClient(t.app);
    await client.postRaw('/admin/login', { email: support.email, password: OPERATOR_PASSWORD });
    await client.get('/admin/login/code');
    const done = await client.post('/admin/login/code', {
      code: currentCode(t.app, support.totpSecret, t.clock),
    });
    expect(done.headers.location).toBe('/admin/players');
  });
});

describe('the demo operator', () => {
  it('is created in development and the demo only; the demo signs in with its own generated credentials', async () => {
    const lines: string[] = [];
    const production = { ...t.app.ctx, config: loadConfig(productionEnv()) };
    expect(await seedDemoOperator(production, (l) => lines.push(l))).toBe(false);
    expect(await findOperatorByEmail(t.app.ctx.db, DEMO_OPERATOR_EMAIL)).toBeUndefined();
    expect(lines).toHaveLength(0);

    // The demo refuses to start on the published demo operator's sign-in.
    const publishedDemo = demoOperator(testConfig());
    expect(() =>
      loadConfig(
        productionEnv({
          DEMO_MODE: '1',
          DEMO_OPERATOR_PASSWORD: publishedDemo.password,
          DEMO_OPERATOR_TOTP_SECRET: publishedDemo.totpSecret,
        }),
      ),
    ).toThrow(/DEMO_OPERATOR_PASSWORD[\s\S]*DEMO_OPERATOR_TOTP_SECRET/);
    const demoConfig = loadConfig(
      productionEnv({
        DEMO_MODE: '1',
        DEMO_OPERATOR_PASSWORD: 'a-generated-demo-password',
        DEMO_OPERATOR_TOTP_SECRET: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ',
      }),
    );
    const demoCtx = { ...t.app.ctx, config: demoConfig };
    expect(await seedDemoOperator(demoCtx, (l) => lines.push(l))).toBe(true);
    expect(await seedDemoOperator(demoCtx, (l) => lines.push(l))).toBe(false);
    expect(lines.join('\n')).toContain('a-generated-demo-password');
    expect((await findOperatorByEmail(t.app.ctx.db, DEMO_OPERATOR_EMAIL))?.role).toBe('admin');

    const published = demoOperator(testConfig());
    expect(published.password).toBe('demo-admin-password');
    const refused = await adminClient(t.app).postRaw('/admin/login', {
      email: published.email,
      password: published.password,
    });
    expect(refused.headers.location).not.toBe('/admin/enrol');

    const client = adminClient(t.app);
    const login = await client.postRaw('/admin/login', {
      email: DEMO_OPERATOR_EMAIL,
      password: 'a-generated-demo-password',
    });
    expect(login.headers.location).toBe('/admin/enrol');
    await client.get('/admin/enrol');
    t.clock.advance(30_000);
    const code = totpCode(demoConfig.DEMO_OPERATOR_TOTP_SECRET, t.app.ctx.providers.clock.now());
    expect((await client.post('/admin/enrol', { code })).statusCode).toBe(303);
  });
});
