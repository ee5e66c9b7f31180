/**
 * The built-in sandbox OpenID Connect provider, like the sandbox payment page: discovery, an authorize page
 * where the tester picks an identity, the token endpoint (authorization code + PKCE), JWKS and userinfo.
 * On where the demo's parts are (DEMO_MODE=1, or a start outside production): never in production otherwise.
 */
import { timingSafeEqual } from 'node:crypto';
import { rules } from '@casino/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isSocialSandboxEnabled } from '../../platform/config.ts';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { checkAuthorizeRequest, redirectWith } from './authorize-request.ts';
import { SANDBOX_OIDC_CLIENT_ID, SANDBOX_OIDC_PATH, sandboxClientSecret, sandboxIssuer } from './client.ts';
import { signingKey } from './keys.ts';
import { authorizePage, errorPage, SANDBOX_PRESETS, type TSandboxPreset } from './pages.ts';
import { exchangeCode, issueCode, sandboxSubject, userInfo } from './provider.ts';

const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

const field = (form: Record<string, unknown>, name: string) => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** client_secret_basic (RFC 6749 2.3.1: form-encoded id and secret) or client_secret_post. */
const authenticateClient = (request: FastifyRequest, form: Record<string, unknown>, secret: string) => {
  const header = request.headers.authorization ?? '';
  if (header.startsWith('Basic ')) {
    const [id = '', pass = ''] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    try {
      return (
        decodeURIComponent(id) === SANDBOX_OIDC_CLIENT_ID && sameSecret(decodeURIComponent(pass), secret)
      );
    } catch {
      return false;
    }
  }
  return (
    field(form, 'client_id') === SANDBOX_OIDC_CLIENT_ID && sameSecret(field(form, 'client_secret'), secret)
  );
};

const register = (app: FastifyInstance, ctx: TAppContext) => {
  if (!isSocialSandboxEnabled(ctx.config)) return;
  const base = () => publicUrl(ctx.config);
  const issuer = () => sandboxIssuer(base());

  app.get(`${SANDBOX_OIDC_PATH}/.well-known/openid-configuration`, async (_request, reply) => {
    const iss = issuer();
    reply.header('cache-control', 'public, max-age=60');
    return {
      issuer: iss,
      authorization_endpoint: `${iss}/authorize`,
      token_endpoint: `${iss}/token`,
      userinfo_endpoint: `${iss}/userinfo`,
      jwks_uri: `${iss}/jwks`,
      response_types_supported: ['code'],
      response_modes_supported: ['query'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      scopes_supported: ['openid', 'email', 'profile'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'nonce', 'email', 'email_verified', 'name'],
      authorization_response_iss_parameter_supported: true,
    };
  });

  app.get(`${SANDBOX_OIDC_PATH}/jwks`, async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=60');
    return { keys: [(await signingKey(ctx)).publicJwk] };
  });

  app.get(`${SANDBOX_OIDC_PATH}/authorize`, async (request, reply) => {
    const check = checkAuthorizeRequest(request.query as Record<string, unknown>, base());
    if (check.ok) return html(reply, authorizePage(check.request));
    if (check.kind === 'fatal') return html(reply, errorPage(check.error), 400);
    return reply.redirect(
      redirectWith(check.redirectUri, {
        error: check.error,
        error_description: check.description,
        state: check.state,
        iss: issuer(),
      }),
      303,
    );
  });

  app.post(`${SANDBOX_OIDC_PATH}/authorize`, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const check = checkAuthorizeRequest(form, base());
    if (!check.ok)
      return html(reply, errorPage(check.kind === 'fatal' ? check.error : check.description), 400);
    const back = (params: Record<string, string>) =>
      reply.redirect(
        redirectWith(check.request.redirectUri, { ...params, state: check.request.state, iss: issuer() }),
        303,
      );
    const preset = field(form, 'preset');
    if (preset === 'deny') return back({ error: 'access_denied', error_description: 'the user cancelled' });
    const chosen = SANDBOX_PRESETS[preset as TSandboxPreset];
    const email = (chosen?.email ?? field(form, 'email')).trim();
    if (rules.email(email) !== null)
      return html(reply, authorizePage(check.request, 'Enter a valid e-mail.'), 400);
    const name = (chosen?.name ?? field(form, 'name')).trim().slice(0, 100) || email.split('@')[0] || email;
    const code = await issueCode(ctx, check.request, {
      sub: sandboxSubject(email),
      email,
      email_verified: chosen ? chosen.email_verified : field(form, 'email_verified') === '1',
      name,
    });
    return back({ code });
  });

  app.post(`${SANDBOX_OIDC_PATH}/token`, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
    if (!authenticateClient(request, form, sandboxClientSecret(ctx.config)))
      return reply
        .status(401)
        .header('www-authenticate', 'Basic realm="sandbox-oidc"')
        .send({ error: 'invalid_client' });
    const result = await exchangeCode(ctx, issuer(), SANDBOX_OIDC_CLIENT_ID, form);
    if (!result.ok)
      return reply.status(400).send({ error: result.error, error_description: result.description });
    return result.body;
  });

  app.get(`${SANDBOX_OIDC_PATH}/userinfo`, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const claims = header.startsWith('Bearer ') ? await userInfo(ctx, header.slice(7).trim()) : null;
    reply.header('cache-control', 'no-store');
    if (!claims)
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer error="invalid_token"')
        .send({ error: 'invalid_token' });
    return claims;
  });
};

export const sandboxOidcModule: TModule = { name: 'sandbox-oidc', register };
