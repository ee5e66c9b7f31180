/**
 * Every registered /api call, fed bad form data as a visitor and as a signed-in player: malformed multipart,
 * broken JSON, invalid UTF-8 and a NUL in each of its params. None may answer 500 or leak internals; a NUL is a
 * field error (InvalidParameterException), an unreadable body InvalidRequestException (400).
 */
import type { TCallContract } from '@casino/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { signedInClient } from '../../test/factories.ts';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';

let t: TTestApp;
let calls: TCallContract[];
const cookies: Record<'visitor' | 'player', string> = { visitor: '', player: '' };

beforeAll(async () => {
  t = await createTestApp();
  calls = t.app.ctx.api.contracts();
  const { client } = await signedInClient(t.app);
  cookies.player = `sid=${client.jar.get('sid')}`;
});
afterAll(() => t.close());

/** The params a call's schema knows (its object shape, through pipes and wrappers). */
const paramNames = (schema: z.ZodType): string[] => {
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodPipe) return paramNames(schema.in as z.ZodType);
  const inner = (schema as { _zod?: { def?: { innerType?: z.ZodType } } })._zod?.def?.innerType;
  return inner ? paramNames(inner) : [];
};

// A stack frame looks like "at fn (file:line:col)" or "at /path/file:line:col"; a player-facing text may say "at 10×".
const LEAK =
  /\bat [^"\s]+ \([^)"]*:\d+:\d+\)|\bat (?:file:\/\/)?\/[^"\s]*:\d+|stack|select |insert |update |relation|syntax error|postgres|pglite|drizzle|node_modules|\.ts\b/i;

const expectSafe = (response: LightMyRequestResponse, label: string) => {
  expect(response.statusCode, `${label}: ${response.body}`).toBeLessThan(500);
  const body = response.json() as { data: unknown; error: { type: string } | null };
  expect(body, label).toHaveProperty('error');
  expect(response.body, label).not.toMatch(LEAK);
  return body;
};

/** Params that name a row: an out-of-range value must be a field error, never reach the database. */
const ID_LIKE = /(^|_)(id|uid)$|Id$|^popup$/;
/** Past int4 (2147483648), below 1, past bigint and past a double's integers. */
const OUT_OF_RANGE_IDS = ['2147483648', '-1', '1e20', '9'.repeat(30), '9223372036854775808'];

/** A refusal names the fields at fault (not necessarily the one sent: a required one may come first). */
const namesFields = (body: { error: unknown }) =>
  Object.keys(
    (body.error as { error_data?: { invalid_parameters?: Record<string, string> } }).error_data
      ?.invalid_parameters ?? {},
  ).length > 0;

const url = (call: TCallContract, query = '') => `/api/${call.name}?v=1&locale=en${query}`;
const NUL = 'a\u0000b';

const send = (
  call: TCallContract,
  cookie: string,
  init: { query?: string; type?: string; payload?: string | Buffer },
) =>
  t.app.inject({
    method: call.method,
    url: url(call, init.query),
    headers: { ...(cookie ? { cookie } : {}), ...(init.type ? { 'content-type': init.type } : {}) },
    ...(call.method === 'POST' ? { payload: init.payload ?? '' } : {}),
  });

describe.each(['visitor', 'player'] as const)('every /api call, as a %s', (role) => {
  it('finds the calls in the registry', () => {
    expect(calls.length).toBeGreaterThan(50);
  });

  it('answers a NUL in any param with a field error, never a 500', async () => {
    for (const call of calls) {
      for (const param of paramNames(call.params)) {
        const field = `${encodeURIComponent(param)}=${encodeURIComponent(NUL)}`;
        const response =
          call.method === 'GET'
            ? await send(call, cookies[role], { query: `&${field}` })
            : await send(call, cookies[role], { type: 'application/x-www-form-urlencoded', payload: field });
        const body = expectSafe(response, `${call.name} ${param}`);
        if (body.error?.type === 'InvalidParameterException')
          expect(body.error).toMatchObject({ error_data: { invalid_parameters: { [param]: 'wrongField' } } });
        else
          expect(
            ['AuthorizationException', 'TooManyRequestsException', 'ApplicationDisabledException'],
            `${call.name} ${param}: ${response.body}`,
          ).toContain(body.error?.type);
      }
    }
  });

  it('answers an out-of-range id with a field error, never a 500', async () => {
    const faults: string[] = [];
    let sent = 0;
    for (const call of calls)
      for (const param of paramNames(call.params).filter((name) => ID_LIKE.test(name)))
        for (const value of OUT_OF_RANGE_IDS) {
          const field = `${encodeURIComponent(param)}=${encodeURIComponent(value)}`;
          const response =
            call.method === 'GET'
              ? await send(call, cookies[role], { query: `&${field}` })
              : await send(call, cookies[role], {
                  type: 'application/x-www-form-urlencoded',
                  payload: field,
                });
          sent += 1;
          const body = response.json() as { error: { type: string } | null };
          const refused = body.error?.type === 'InvalidParameterException';
          if (response.statusCode >= 500 || LEAK.test(response.body) || (refused && !namesFields(body)))
            faults.push(
              `${call.name} ${param}=${value}: ${response.statusCode} ${response.body.slice(0, 200)}`,
            );
        }
    expect(faults).toEqual([]);
    expect(sent).toBeGreaterThan(50);
  });

  it('answers a malformed multipart, JSON or urlencoded body, or invalid UTF-8, with InvalidRequestException', async () => {
    const bodies: { label: string; type: string; payload: string | Buffer; expectRequest: boolean }[] = [
      {
        label: 'multipart without end',
        type: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
        expectRequest: true,
      },
      {
        label: 'multipart without boundary',
        type: 'multipart/form-data',
        payload: 'garbage',
        expectRequest: true,
      },
      {
        label: 'multipart with a bad header',
        type: 'multipart/form-data; boundary=xyz',
        payload: '--xyz\r\nNo-Colon-Here\r\n\r\nb\r\n--xyz--\r\n',
        expectRequest: false,
      },
      { label: 'broken JSON', type: 'application/json', payload: '{"a":', expectRequest: true },
      {
        label: 'invalid UTF-8 bytes',
        type: 'application/x-www-form-urlencoded',
        payload: Buffer.from([0x61, 0x3d, 0xff, 0xfe, 0xc3]),
        expectRequest: true,
      },
      {
        label: 'invalid percent-encoded UTF-8',
        type: 'application/x-www-form-urlencoded',
        payload: 'a=%FF%FE%C3',
        expectRequest: true,
      },
      {
        label: 'broken percent-encoding',
        type: 'application/x-www-form-urlencoded',
        payload: 'a=%E0%A4%A',
        expectRequest: true,
      },
    ];
    for (const call of calls.filter((c) => c.method === 'POST'))
      for (const { label, type, payload, expectRequest } of bodies) {
        const body = expectSafe(await send(call, cookies[role], { type, payload }), `${call.name} ${label}`);
        if (expectRequest) expect(body.error?.type, `${call.name} ${label}`).toBe('InvalidRequestException');
      }
    for (const call of calls.filter((c) => c.method === 'GET')) {
      const [param = 'x'] = paramNames(call.params);
      const body = expectSafe(
        await send(call, cookies[role], { query: `&${param}=%FF%FE` }),
        `${call.name} query`,
      );
      expect(body.error?.type ?? 'none', `${call.name} query`).not.toBe('InternalServerErrorException');
    }
  });
});
