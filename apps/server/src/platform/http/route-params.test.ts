/**
 * Every route with a path parameter (`/admin/loyalty/:kind/:id`, `/sandbox-pay/:id`, …), fed ids no row can have,
 * as a visitor, a player and an admin operator: none may answer 500. The /api calls have their own fuzzer
 * (malformed-input.test.ts); this one covers the ids parsed outside the contracts.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeOperator, signInOperator } from '../../modules/backoffice/backoffice-test-helpers.ts';
import { CATALOGUE_KINDS } from '../../modules/loyalty/catalogue-kinds.ts';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Past int4, below 1, past bigint and past a double's integers. */
const OUT_OF_RANGE_IDS = ['2147483648', '-1', '1e20', '9'.repeat(30), '9223372036854775808'];

/** The app's routes with a path parameter, read from Fastify's route tree (one node per line, 4 columns a level). */
const parameterRoutes = (app: FastifyInstance) => {
  const stack: string[] = [];
  const routes: { path: string; methods: string[] }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    const path = stack.join('');
    const methods = (match[3] ?? '').split(', ').filter((m) => m === 'GET' || m === 'POST');
    if (path.includes('/:') && methods.length > 0 && !path.startsWith('/api/'))
      routes.push({ path, methods });
  }
  return routes;
};

/** Real values for the parameters that name a kind of thing rather than a row (the rest are filled with `1`). */
const SAMPLES: Record<string, string[]> = {
  kind: CATALOGUE_KINDS.map((k) => k.id),
  locale: ['en'],
  provider: ['sandbox'],
  service: ['sandbox'],
};

/** Each way to fill the route's parameters: one of them bad, each other one a sample value. */
const urlsOf = (path: string) => {
  const names = [...path.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');
  const fills = (rest: string[]): Record<string, string>[] => {
    const [name, ...others] = rest;
    if (name === undefined) return [{}];
    return (SAMPLES[name] ?? ['1']).flatMap((value) => fills(others).map((f) => ({ ...f, [name]: value })));
  };
  return names.flatMap((bad) =>
    fills(names.filter((n) => n !== bad)).flatMap((fill) =>
      OUT_OF_RANGE_IDS.map((value) =>
        path.replace(/:(\w+)/g, (_, name: string) =>
          encodeURIComponent(name === bad ? value : (fill[name] ?? '1')),
        ),
      ),
    ),
  );
};

type TSend = (method: 'GET' | 'POST', url: string) => Promise<{ statusCode: number; body: string }>;

const faultsOf = async (send: TSend) => {
  const faults: string[] = [];
  const routes = parameterRoutes(t.app);
  for (const { path, methods } of routes)
    for (const method of methods)
      for (const url of urlsOf(path)) {
        const response = await send(method as 'GET' | 'POST', url);
        if (response.statusCode >= 500)
          faults.push(`${method} ${url}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
  return { faults, routes: routes.length };
};

describe('route path parameters', () => {
  it('finds the routes with a parameter', () => {
    const paths = parameterRoutes(t.app).map((r) => r.path);
    expect(paths).toContain('/sandbox-pay/:id');
    expect(paths).toContain('/admin/loyalty/:kind/:id');
    expect(paths.length).toBeGreaterThan(30);
  });

  it('answers an out-of-range id without a 500, as a visitor and as a player', async () => {
    const { client } = await signedInClient(t.app);
    for (const cookie of ['', `sid=${client.jar.get('sid')}`]) {
      const { faults } = await faultsOf((method, url) =>
        t.app.inject({
          method,
          url,
          headers: {
            ...(cookie ? { cookie } : {}),
            ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
          },
          ...(method === 'POST' ? { payload: '' } : {}),
        }),
      );
      expect(faults).toEqual([]);
    }
  });

  it('answers an out-of-range id without a 500, as an admin operator', async () => {
    const admin = await signInOperator(t.app, t.clock, await makeOperator(t.app, 'admin'));
    const { faults } = await faultsOf((method, url) =>
      method === 'GET' ? admin.get(url) : admin.postFrom('/admin', url),
    );
    expect(faults).toEqual([]);
  });
});
