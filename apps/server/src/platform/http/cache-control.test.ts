/** Cache-Control: the API's answers are never stored; the public, deliberately cacheable routes keep theirs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/factories.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const TILE = '/_ipx/f_webp,q_95,s_288x192/games/art/games/velvet_table_european_roulette.svg';

describe('cache-control', () => {
  it('is no-store on every /api answer: a signed-in player’s, a visitor’s, an error', async () => {
    const { client } = await signedInClient(t.app);
    const visitor = apiClient(t.app);
    const answers = [
      await client.send({ method: 'GET', url: '/api/account.getInfo?v=1&locale=en' }),
      await client.send({ method: 'GET', url: '/api/account.getBalance?v=1&locale=en' }),
      await visitor.send({ method: 'GET', url: '/api/account.getInfo?v=1&locale=en' }),
      await visitor.send({ method: 'GET', url: '/api/no.suchCall?v=1' }),
      await client.send({
        method: 'POST',
        url: '/api/account.getToken?v=1&locale=en',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: '',
      }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control'], answer.body).toBe('no-store');
  });

  it('keeps the public caching of the translations, the locales and the images, signed in or not', async () => {
    const { client } = await signedInClient(t.app);
    for (const send of [client.send, apiClient(t.app).send]) {
      expect((await send({ method: 'GET', url: '/nfx/i18n/locales' })).headers['cache-control']).toBe(
        'public, max-age=60',
      );
      expect((await send({ method: 'GET', url: '/nfx/i18n/messages/en' })).headers['cache-control']).toBe(
        'public, max-age=60',
      );
      expect((await send({ method: 'GET', url: TILE })).headers['cache-control']).toMatch(
        /^public, max-age=/,
      );
    }
  });

  it('is no-store on the back-office', async () => {
    for (const url of ['/admin', '/admin/login'])
      expect((await t.app.inject(url)).headers['cache-control'], url).toBe('no-store');
  });
});
