/**
 * Where social sign-in sends the player back (issue 35, open redirects): the `redirect_url` of /oauth/init and
 * the back URL the site stored (`backUrl`) lead only to our own paths, our origins or ALLOWED_RETURN_ORIGINS.
 * The callback page's script runs here in a bare context standing in for the popup and its opener.
 */
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { SOCIAL_BACK_URL_KEY } from './pages.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ALLOWED_RETURN_ORIGINS: 'https://partner.example' } });
});
afterAll(() => t.close());

type TClient = ReturnType<typeof apiClient>;

const initWith = (client: TClient, redirectUrl: string) =>
  client.send({
    method: 'GET',
    url: `/oauth/init?${new URLSearchParams({ service: 'sandbox', redirect_url: redirectUrl, type_auth: 'authorization', terms: '1' })}`,
  });

/** The whole popup: /oauth/init, the sandbox's identity page, the callback; answers the callback page. */
const signInReturningTo = async (redirectUrl: string) => {
  const client = apiClient(t.app);
  const started = await initWith(client, redirectUrl);
  expect(started.statusCode, started.body).toBe(302);
  const authorize = new URL(String(started.headers.location));
  const chosen = await client.send({
    method: 'POST',
    url: authorize.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...Object.fromEntries(authorize.searchParams), preset: 'ada' }).toString(),
  });
  const back = new URL(String(chosen.headers.location));
  const page = await client.send({ method: 'GET', url: `${back.pathname}${back.search}` });
  expect(page.statusCode).toBe(200);
  return page.body;
};

/** Runs the callback page's script as the popup would; answers where it sent the opener, the popup and the link. */
const runCallbackPage = (html: string, stored: string | null, withOpener: boolean) => {
  const script = /<script nonce="[^"]*">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const storage = new Map<string, string>(stored === null ? [] : [[SOCIAL_BACK_URL_KEY, stored]]);
  const went: string[] = [];
  const link = { href: '', setAttribute: (_name: string, value: string) => (link.href = value) };
  const origin = 'http://localhost:3000';
  const opener = { closed: false, location: { origin, assign: (url: string) => went.push(`opener:${url}`) } };
  runInNewContext(script, {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      removeItem: (key: string) => storage.delete(key),
    },
    document: { getElementById: () => link },
    location: { origin, replace: (url: string) => went.push(`popup:${url}`) },
    window: { opener: withOpener ? opener : null, close: () => undefined },
  });
  return { went, link: link.href, stored: storage.get(SOCIAL_BACK_URL_KEY) ?? null };
};

describe('/oauth/init redirect_url', () => {
  it('refuses every address a browser could resolve to another host, with the bad-request page', async () => {
    for (const redirectUrl of [
      '/\t/evil.example/',
      '/\n/evil.example/',
      '/\r/evil.example/',
      '\t//evil.example/',
      '//evil.example',
      '/\\evil.example',
      '\\\\evil.example',
      '/%2F/evil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      'https://evil.example/',
      'https:evil.example',
      'https://localhost:3000@evil.example/',
      'https://evil.example@localhost:3000/',
      'https://partner.example.evil.example/',
      'javascript:alert(document.cookie)',
    ]) {
      const client = apiClient(t.app);
      const response = await initWith(client, redirectUrl);
      expect(response.statusCode, JSON.stringify(redirectUrl)).toBe(400);
      expect(response.body).toContain('data-error="badRequest"');
      expect(client.jar.get('social_state')).toBeUndefined();
    }
  });

  it('takes our own paths, our own origin and the operator-listed origins', async () => {
    for (const redirectUrl of [
      '/en/games?tab=new',
      'http://localhost:3000/en/gamehall?show_popup_reg=1',
      'https://partner.example/back?x=1',
    ]) {
      const response = await initWith(apiClient(t.app), redirectUrl);
      expect(response.statusCode, redirectUrl).toBe(302);
    }
  });
});

describe('the callback page', () => {
  it('sends the opener and the popup only to the checked address, never to a stored back URL', async () => {
    const html = await signInReturningTo('/en/games');
    for (const stored of ['https://evil.example/phish', '/\t/evil.example/', 'javascript:alert(1)', null]) {
      const withOpener = runCallbackPage(html, stored, true);
      expect(withOpener.went, String(stored)).toEqual(['opener:/en/games']);
      expect(withOpener.link).toBe('/en/games');
      // The stored value is spent either way.
      expect(withOpener.stored).toBeNull();
      expect(runCallbackPage(html, stored, false).went).toEqual(['popup:/en/games']);
    }
  });

  it("goes back to a listed partner's page given as the address to return to", async () => {
    const html = await signInReturningTo('https://partner.example/lobby?from=casino');
    expect(runCallbackPage(html, null, false).went).toEqual([
      'popup:https://partner.example/lobby?from=casino',
    ]);
  });
});
