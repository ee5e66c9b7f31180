/**
 * Social sign-in (spec §7 `GET /oauth/init?service=&redirect_url=&type_auth=`, opened in the 640×480 popup):
 * the OAuth 2.0 / OpenID Connect authorization-code flow with PKCE, state and nonce through openid-client, the
 * callback that signs the player in, and the page that sends the opener back where the player was.
 */
import { safeReturnUrl } from '@casino/contracts/return-url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { isSecureRequest } from '../../platform/http/secure-request.ts';
import { originOf, publicUrl } from '../../platform/public-url.ts';
import { assertCanSignIn, registrationRules, runRegistrationHooks } from '../auth/index.ts';
import { registerSocialServices } from '../metadata/index.ts';
import { assertMaySignIn, rememberRefusal } from '../responsible-gaming/index.ts';
import { resolveSocialPlayer, SocialSignInRefusal } from './identities.ts';
import { clientConfiguration } from './oidc-client.ts';
import { errorPage, successPage, type TSocialError } from './pages.ts';
import { readProfile } from './profile.ts';
import { enabledSocialServices, isSocialService, socialProviderSettings } from './providers.ts';
import { consumeSocialRequest, REQUEST_TTL_MS, STATE_COOKIE, startSocialRequest } from './requests.ts';

const INIT_LIMIT = { max: 30, windowSeconds: 600 };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const localeOf = (value: string) => (/^[a-z]{2}(-[A-Za-z]{2,4})?$/.test(value) ? value : 'en');

const register = (app: FastifyInstance, ctx: TAppContext) => {
  const base = () => publicUrl(ctx.config);
  const redirectUri = (service: string) => `${base()}/oauth/callback/${service}`;

  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);
  const fail = (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: string,
    error: TSocialError,
    status = 400,
  ) => html(reply, errorPage(locale, request.cspNonce, error), status);

  const cookieOptions = (request: FastifyRequest) => {
    const secure = isSecureRequest(request, ctx.config);
    // Apple answers with a cross-site POST: only SameSite=None (which needs Secure) comes back with it.
    return {
      path: '/oauth',
      httpOnly: true,
      secure,
      sameSite: secure ? ('none' as const) : ('lax' as const),
    };
  };

  app.get('/oauth/init', async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    const locale = localeOf(text(query.locale) || request.locale);
    const { count } = await ctx.rateLimiter.hit(`oauth-init:${request.ip}`, INIT_LIMIT.windowSeconds);
    if (count > INIT_LIMIT.max) return fail(request, reply, locale, 'tooMany', 429);
    const service = text(query.service);
    const settings = isSocialService(service)
      ? socialProviderSettings(ctx.config, base())[service]
      : undefined;
    if (!settings) return fail(request, reply, locale, 'unavailable');
    const typeAuth = text(query.type_auth) || 'authorization';
    // Where the popup sends the player back: our own pages, or an origin the operator lists.
    const redirectUrl = safeReturnUrl(text(query.redirect_url), {
      own: [base(), originOf(request)],
      allowed: ctx.config.ALLOWED_RETURN_ORIGINS,
    });
    if ((typeAuth !== 'registration' && typeAuth !== 'authorization') || redirectUrl === null)
      return fail(request, reply, locale, 'badRequest');

    const { state, nonce, codeVerifier } = await startSocialRequest(ctx, {
      service,
      redirectUrl,
      typeAuth,
      locale,
      termsAccepted: text(query.terms) === '1',
    });
    const config = await clientConfiguration(app, ctx, settings);
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri(service),
      scope: settings.scope,
      state,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      ...(settings.kind === 'oidc' ? { nonce } : {}),
      ...(settings.responseMode ? { response_mode: settings.responseMode } : {}),
    });
    reply.setCookie(STATE_COOKIE, state, { ...cookieOptions(request), maxAge: REQUEST_TTL_MS / 1000 });
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  });

  const callback = async (request: FastifyRequest, reply: FastifyReply) => {
    const { service } = request.params as { service: string };
    const params = {
      ...(request.query as Record<string, unknown>),
      ...(request.method === 'POST' ? ((request.body ?? {}) as Record<string, unknown>) : {}),
    };
    const state = text(params.state);
    const cookieState = request.cookies[STATE_COOKIE] ?? '';
    reply.clearCookie(STATE_COOKIE, cookieOptions(request));
    const settings = isSocialService(service)
      ? socialProviderSettings(ctx.config, base())[service]
      : undefined;
    // The state must be the one this browser started with, unused and fresh.
    const pending =
      settings && state && state === cookieState ? await consumeSocialRequest(ctx, service, state) : null;
    if (!settings || !pending) return fail(request, reply, localeOf(request.locale), 'expired');
    const locale = pending.locale;
    if (text(params.error)) return fail(request, reply, locale, 'cancelled');

    let profile: Awaited<ReturnType<typeof readProfile>>;
    try {
      const config = await clientConfiguration(app, ctx, settings);
      const current = new URL(redirectUri(service));
      for (const [key, value] of Object.entries(params))
        if (typeof value === 'string') current.searchParams.set(key, value);
      const tokens = await client.authorizationCodeGrant(config, current, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: state,
        ...(settings.kind === 'oidc' ? { expectedNonce: pending.nonce } : {}),
      });
      profile = await readProfile(config, settings, tokens, { appleUser: text(params.user) });
    } catch (error) {
      request.log.warn({ err: error, service }, 'social sign-in: the provider answer was refused');
      return fail(request, reply, locale, 'failed');
    }

    try {
      const { termsActive } = await registrationRules(ctx.db);
      const mayCreate = !termsActive || pending.termsAccepted;
      const { player, outcome } = await resolveSocialPlayer(ctx, profile, locale, { mayCreate });
      assertCanSignIn(player);
      await assertMaySignIn(ctx.db, player.id, ctx.providers.clock.now());
      // The provider proves only the first factor: a player with two-factor on signs in with the code.
      if (player.twoFactorEnabled) return fail(request, reply, locale, 'twoFactor', 403);
      await ctx.sessions.start(player.id, request, reply);
      // A player this sign-in made gets what a form registration gets (its first touch, among others).
      if (outcome === 'created') await runRegistrationHooks(ctx, player, request);
      return html(reply, successPage(locale, request.cspNonce, pending.redirectUrl));
    } catch (error) {
      if (error instanceof SocialSignInRefusal)
        return error.reason === 'terms_required'
          ? fail(request, reply, locale, 'termsRequired', 403)
          : fail(request, reply, locale, 'emailUnconfirmed', 409);
      if (error instanceof AppError) {
        // A time-out or self-exclusion leaves this browser without marketing until it ends (issue 36).
        rememberRefusal(request, reply, ctx.config, error, ctx.providers.clock.now());
        return fail(request, reply, locale, 'blocked', 403);
      }
      throw error;
    }
  };

  app.get('/oauth/callback/:service', callback);
  app.post('/oauth/callback/:service', callback);
};

export const socialAuthModule: TModule = {
  name: 'social-auth',
  register(app, ctx) {
    registerSocialServices(ctx, () => enabledSocialServices(ctx.config));
    register(app, ctx);
  },
};
