/** Edge headers: CSP with a per-response nonce on HTML, framing, HSTS and Secure cookies behind TLS. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSetting, updateSetting } from '../../modules/metadata/settings-service.ts';
import { makePlayer } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { isEmbeddedForm, registerSecurityHeaders } from './security-headers.ts';

const PARTNERS = ['https://partner.example', 'https://other.example:8443'];

const pageApp = async (trustProxy: boolean) => {
  const app = Fastify({ trustProxy });
  registerSecurityHeaders(app, {
    config: { PUBLIC_URL: 'http://localhost:3000', FRAME_PARTNER_ORIGINS: PARTNERS },
    scriptHosts: async () => ['https://code.jivosite.com'],
  });
  const html = (request: { cspNonce: string }) => `<script nonce="${request.cspNonce}">1</script>`;
  for (const path of ['/', '/forms/sign_in', '/es/forms/sign_up', '/forms/other'])
    app.get(path, async (request, reply) => reply.type('text/html; charset=utf-8').send(html(request)));
  app.get('/data.json', async () => ({ ok: true }));
  await app.ready();
  return app;
};

const cspOf = (headers: Record<string, unknown>) => String(headers['content-security-policy'] ?? '');

describe('security headers on pages', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await pageApp(true);
  });
  afterAll(() => app.close());

  it('gives every HTML response its own nonce, the one its scripts carry', async () => {
    const [a, b] = [await app.inject('/'), await app.inject('/')];
    const nonceOf = (body: string) => /nonce="([^"]+)"/.exec(body)?.[1] ?? '';
    expect(nonceOf(a.body)).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceOf(a.body)).not.toBe(nonceOf(b.body));
    const csp = cspOf(a.headers);
    expect(csp).toContain(
      `script-src 'nonce-${nonceOf(a.body)}' 'strict-dynamic' 'self' https://code.jivosite.com`,
    );
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(a.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('lets the partner origins (and our own pages) frame the embedded sign-in and sign-up forms, with no X-Frame-Options', async () => {
    for (const url of ['/forms/sign_in', '/es/forms/sign_up', '/forms/sign_in?_non_strict=1']) {
      const r = await app.inject(url);
      expect(cspOf(r.headers), url).toContain(`frame-ancestors 'self' ${PARTNERS.join(' ')}`);
      expect(r.headers['x-frame-options'], url).toBeUndefined();
    }
    const other = await app.inject('/forms/other');
    expect(cspOf(other.headers)).toContain("frame-ancestors 'self'");
    expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(isEmbeddedForm('/forms/sign_in.data')).toBe(false);
  });

  it('puts no policy on data, but still refuses framing', async () => {
    const r = await app.inject('/data.json');
    expect(r.headers['content-security-policy']).toBeUndefined();
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends HSTS only when the request came over TLS (a trusted proxy’s X-Forwarded-Proto)', async () => {
    expect((await app.inject('/')).headers['strict-transport-security']).toBeUndefined();
    const tls = await app.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const untrusted = await pageApp(false);
    const spoofed = await untrusted.inject({ url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
    await untrusted.close();
  });
});

describe('the app’s pages', () => {
  let t: TTestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('names the configured chat, analytics and custom-code hosts in the policy', async () => {
    const now = t.clock.now();
    await updateSetting(
      t.app.ctx.db,
      'chat',
      { chat: 'tawk', settings: { tawk: { propertyId: 'p1' } } },
      now,
    );
    const config = (await getSetting(t.app.ctx.db, 'site-config')) as Record<string, unknown>;
    await updateSetting(
      t.app.ctx.db,
      'site-config',
      { ...config, analytics: { tagManagerId: 'GTM-1', tagId: '', webAnalyticsId: '', metricsId: '' } },
      now,
    );
    await updateSetting(
      t.app.ctx.db,
      'custom-code',
      [
        {
          id: 'a',
          code: '<script async src="https://cdn.partner.example/x.js"></script>',
          position: 'head',
          isEnabled: true,
        },
        {
          id: 'b',
          code: '<script src="https://off.example/y.js"></script>',
          position: 'head',
          isEnabled: false,
        },
      ],
      now,
    );
    const csp = cspOf((await t.app.inject('/dev/mailbox')).headers);
    expect(csp).toContain(
      "'self' https://cdn.partner.example https://embed.tawk.to https://www.googletagmanager.com;",
    );
    expect(csp).not.toContain('off.example');
  });

  it('gives the back-office pages a nonce policy of their own, framed by ourselves only', async () => {
    const r = await t.app.inject('/admin/login');
    const csp = cspOf(r.headers);
    expect(csp).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('keeps Swagger UI on its own static policy (it loads only its own files), without <base>', async () => {
    const r = await t.app.inject('/api/docs/');
    expect(r.statusCode).toBe(200);
    const csp = cspOf(r.headers);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('marks the session cookie Secure behind a TLS proxy, and not on plain http', async () => {
    const { email, password } = await makePlayer(t.app);
    const login = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth.login?v=1&locale=en',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: new URLSearchParams({ login: email, password }).toString(),
      });
    const tls = await login({ 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' });
    expect(String(tls.headers['set-cookie'])).toMatch(/sid=[^;]+;.*Secure/);
    expect(tls.headers['strict-transport-security']).toBeTruthy();
    const plain = await login({ 'x-forwarded-for': '203.0.113.8' });
    expect(plain.statusCode).toBe(200);
    expect(String(plain.headers['set-cookie'])).not.toMatch(/Secure/);
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('Telegram sign-in on', () => {
  it("names Telegram's Mini App script host for browsers that ignore 'strict-dynamic'", async () => {
    const plain = await createTestApp();
    const withBot = await createTestApp({ env: { TELEGRAM_BOT_TOKEN: '1:csp-test' } });
    try {
      expect(cspOf((await plain.app.inject('/dev/mailbox')).headers)).not.toContain('telegram.org');
      expect(cspOf((await withBot.app.inject('/dev/mailbox')).headers)).toMatch(
        /script-src [^;]*'self'[^;]* https:\/\/telegram\.org/,
      );
    } finally {
      await plain.close();
      await withBot.close();
    }
  });
});
