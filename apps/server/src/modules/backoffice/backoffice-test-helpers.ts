/** Test helpers for the back-office: operators, and a browser-like client of the /admin pages. */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { totpCode } from '../../platform/totp.ts';
import { createOperator } from './operators.ts';
import { operators, type TOperatorRole } from './schema.ts';

let counter = 0;
export const OPERATOR_PASSWORD = 'operator-password-1';

export const makeOperator = async (
  app: FastifyInstance,
  role: TOperatorRole,
  options: { enrolled?: boolean } = {},
) => {
  counter += 1;
  const { operator, totpSecret } = await createOperator(
    app.ctx.db,
    app.ctx.providers.random,
    app.ctx.totpSecrets,
    {
      email: `${role}${counter}-${Date.now().toString(36)}@ops.example.com`,
      role,
      password: OPERATOR_PASSWORD,
    },
  );
  if (options.enrolled !== false)
    await app.ctx.db
      .update(operators)
      .set({ totpConfirmedAt: app.ctx.providers.clock.now() })
      .where(eq(operators.id, operator.id));
  // The clear secret, as the operator's authenticator app holds it (the row keeps it sealed).
  return { ...operator, totpSecret };
};

/** Keeps cookies per path like a browser would (the operator cookie only goes to /admin). */
let clients = 0;

/** Each client is its own browser on its own address, so the per-IP sign-in limit counts per client. */
export const adminClient = (app: FastifyInstance) => {
  clients += 1;
  const remoteAddress = `10.0.${Math.floor(clients / 250) % 250}.${(clients % 250) + 1}`;
  const jar = new Map<string, { value: string; path: string }>();
  let csrf = '';
  const cookiesFor = (url: string) =>
    [...jar]
      .filter(([, c]) => url.startsWith(c.path))
      .map(([k, c]) => `${k}=${c.value}`)
      .join('; ');
  const remember = (setCookie: string | string[] | undefined) => {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      const path =
        attributes
          .find((a) => /^\s*path=/i.test(a))
          ?.split('=')[1]
          ?.trim() ?? '/';
      const expired = attributes.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value.join('=') === '') jar.delete(name.trim());
      else jar.set(name.trim(), { value: value.join('='), path });
    }
  };
  type TForm = Record<string, string | string[]>;
  /** A form body as a browser sends it: a repeated field (string[]) once per value. */
  const encode = (form: TForm) => {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form))
      for (const v of Array.isArray(value) ? value : [value]) body.append(name, v);
    return body.toString();
  };
  const send = async (
    method: 'GET' | 'POST',
    url: string,
    form?: TForm,
    extra: Record<string, string> = {},
  ) => {
    const cookie = cookiesFor(url);
    const response = await app.inject({
      method,
      url,
      remoteAddress,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...extra,
      },
      ...(form ? { payload: encode(form) } : {}),
    });
    remember(response.headers['set-cookie']);
    const token = /name="_csrf" value="([^"]+)"/.exec(response.body)?.[1];
    if (token) csrf = token;
    return response;
  };
  return {
    jar,
    get: (url: string) => send('GET', url),
    /** Posts a form with the CSRF token of the last page seen (as the browser's form would). */
    post: (url: string, form: TForm = {}) => send('POST', url, { _csrf: csrf, ...form }),
    postRaw: (url: string, form: TForm) => send('POST', url, form),
    /** Posts from a page (the browser's Referer names it). */
    postFrom: (page: string, url: string, form: TForm = {}) =>
      send('POST', url, { _csrf: csrf, ...form }, { referer: `http://localhost${page}` }),
    get csrf() {
      return csrf;
    },
  };
};

/** The code an authenticator shows now (the clock moves a step first, so two sign-ins never share a code). */
export const currentCode = (app: FastifyInstance, secret: string, clock: { advance(ms: number): void }) => {
  clock.advance(30_000);
  return totpCode(secret, app.ctx.providers.clock.now());
};

/** Signs an enrolled operator in through the real pages: password, then the TOTP code. */
export const signInOperator = async (
  app: FastifyInstance,
  clock: { advance(ms: number): void },
  operator: { email: string; totpSecret: string },
) => {
  const client = adminClient(app);
  const login = await client.postRaw('/admin/login', { email: operator.email, password: OPERATOR_PASSWORD });
  if (login.headers.location !== '/admin/login/code') throw new Error(`password step: ${login.statusCode}`);
  await client.get('/admin/login/code');
  const done = await client.post('/admin/login/code', { code: currentCode(app, operator.totpSecret, clock) });
  if (done.statusCode !== 303) throw new Error(`code step: ${done.statusCode}`);
  await client.get(String(done.headers.location));
  return client;
};
