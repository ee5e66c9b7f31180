/**
 * The back-office under /admin: server-rendered pages and plain form posts (docs/decisions/005). Every request
 * resolves the operator's own session; pages need a full (password + TOTP) session and the role's permission;
 * every post carries the session's CSRF token and must come from our own origin.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { contentSecurityPolicy } from '../../platform/http/csp.ts';
import { fieldsWithNul } from '../../platform/http/form-body.ts';
import { originOf, publicUrl } from '../../platform/public-url.ts';
import { totpQrCode } from '../../platform/totp.ts';
import { auditArea } from './areas/audit.ts';
import { jobsArea } from './areas/jobs.ts';
import { operatorsArea } from './areas/operators.ts';
import { recordAudit } from './audit-log.ts';
import { addFlashMessages, flashFrom } from './flash.ts';
import { createOperatorSessions, csrfMatches } from './operator-session.ts';
import { operatorTotpUri } from './operators.ts';
import { createRouteKit, ForbiddenError, field, type TAdminFeatures, type TRouteArea } from './route-kit.ts';
import type { TOperator } from './schema.ts';
import { completeWithCode, signInWithPassword } from './sign-in.ts';
import { codePage, enrolPage, errorPage, loginPage } from './ui/auth-pages.ts';
import { firstSectionOf, type TFlash } from './ui/layout.ts';

/**
 * The shell's own areas (operators, the audit log, the platform's jobs queue); the features' areas come from their
 * modules (admin-areas.ts).
 */
export const SHELL_AREAS: TRouteArea[] = [operatorsArea, auditArea, jobsArea];

const CSS = readFileSync(new URL('./ui/admin.css', import.meta.url), 'utf8');
/** The site's policy (no script without the nonce, no plugins, no <base>), tightened: nothing else loads. */
const cspOf = (request: FastifyRequest) =>
  contentSecurityPolicy({
    nonce: request.cspNonce,
    frameAncestors: ["'self'"],
    extra: {
      'default-src': ["'none'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'form-action': ["'self'"],
    },
  });

/**
 * Where a refused request goes back to with a flash: a page asked with a NUL reloads without its query; a form
 * goes back to the page it was posted from (the Referer, when it is ours), else the operator's first section.
 */
const backOf = (request: FastifyRequest) => {
  const path = request.url.split('?')[0] ?? '/admin';
  if (request.method === 'GET') return path;
  try {
    const from = new URL(String(request.headers.referer ?? ''));
    if (from.origin === new URL(originOf(request)).origin && from.pathname.startsWith('/admin/'))
      return from.pathname;
  } catch {
    // No Referer, or not a URL: the first section.
  }
  return '/admin';
};

const PUBLIC_PATHS = new Set(['/admin/login', '/admin/assets/admin.css']);
const PENDING_PATHS: Record<string, 'totp' | 'enrol'> = {
  '/admin/login/code': 'totp',
  '/admin/enrol': 'enrol',
};

export const registerBackofficeRoutes = (
  app: FastifyInstance,
  ctx: TAppContext,
  features: TAdminFeatures,
) => {
  const sessions = createOperatorSessions(ctx);
  app.decorateRequest('operatorAuth', null);

  for (const messages of features.messages) addFlashMessages(messages);
  const kit = createRouteKit(ctx, features.counters);
  const { send, auth } = kit;

  /** The enrolment page shows the operator's secret in clear, once they are half signed in. */
  const enrolPageOf = async (operator: TOperator, csrf: string, flash: TFlash | null) => {
    const secret = ctx.totpSecrets.open(operator.totpSecret);
    const qr = await totpQrCode(operatorTotpUri(operator.email, secret));
    return enrolPage({ email: operator.email, csrf, qr, secret, flash });
  };

  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request, reply) => {
        reply.header('content-security-policy', cspOf(request));
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'same-origin');
        request.operatorAuth = await sessions.resolve(request);
        const path = request.url.split('?')[0] ?? '';
        if (request.method === 'POST') {
          const origin = request.headers.origin;
          const own = [publicUrl(ctx.config), originOf(request)].map((u) => new URL(u).origin);
          if (origin && !own.includes(origin)) throw new ForbiddenError();
        }
        if (PUBLIC_PATHS.has(path)) return;
        const stage = request.operatorAuth?.session.stage;
        const wanted = PENDING_PATHS[path] ?? 'full';
        if (stage === wanted || (path === '/admin/logout' && stage)) return;
        if (stage === 'full' && wanted !== 'full') return reply.redirect('/admin', 303);
        if (stage && stage !== 'full' && wanted === 'full')
          return reply.redirect(stage === 'totp' ? '/admin/login/code' : '/admin/enrol', 303);
        return reply.redirect('/admin/login', 303);
      });
      // Every post but the sign-in form carries the session's CSRF token (SameSite=Strict is the first wall).
      admin.addHook('preHandler', async (request, reply) => {
        if (request.method !== 'POST' || request.url.split('?')[0] === '/admin/login') return;
        const session = request.operatorAuth?.session;
        if (!session || !csrfMatches(session, field(request.body, '_csrf')))
          return reply.redirect(`${session?.stage === 'full' ? '/admin' : '/admin/login'}?error=csrf`, 303);
      });

      admin.setErrorHandler(async (error, request, reply) => {
        // The server's form guard refuses a NUL in the query or form and a body that does not read (and Fastify a
        // JSON body that does not parse), before any route runs: back to the page with a flash, not an error page.
        const refused =
          error instanceof AppError
            ? error.type === 'InvalidRequestException' ||
              (request.method === 'POST' && error.type === 'InvalidParameterException') ||
              fieldsWithNul(request.query).length + fieldsWithNul(request.body).length > 0
            : request.method === 'POST' && ((error as { statusCode?: number }).statusCode ?? 500) < 500;
        if (refused) return reply.redirect(`${backOf(request)}?error=bad_input`, 303);
        if (error instanceof ForbiddenError)
          return send(
            reply,
            errorPage(403, 'Not allowed', 'Your role does not allow this page or action.'),
            403,
          );
        if (error instanceof AppError && error.status < 500)
          return send(reply, errorPage(error.status, 'Not found', 'There is nothing at this address.'), 404);
        request.log.error({ err: error }, 'back-office request failed');
        return send(
          reply,
          errorPage(500, 'Something went wrong', 'The error is logged. Nothing was changed.'),
          500,
        );
      });
      admin.setNotFoundHandler((_request, reply) =>
        send(reply, errorPage(404, 'Not found', 'There is nothing at this address.'), 404),
      );

      admin.get('/assets/admin.css', (_request, reply) =>
        reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=3600').send(CSS),
      );

      // Sign-in
      admin.get('/login', async (request, reply) => {
        if (request.operatorAuth?.session.stage === 'full') return reply.redirect('/admin', 303);
        return send(reply, loginPage({ flash: flashFrom(request.query) }));
      });
      admin.post('/login', async (request, reply) => {
        const email = field(request.body, 'email');
        const password = field(request.body, 'password');
        // A form sent empty is not an attempt at a password: said as such, and not counted by the rate limit.
        if (!email.trim() || !password)
          return send(
            reply,
            loginPage({ email, flash: { tone: 'error', text: 'Enter your e-mail and password.' } }),
            400,
          );
        const result = await signInWithPassword(ctx, sessions, request, reply, { email, password });
        if (result.ok)
          return reply.redirect(result.next === 'totp' ? '/admin/login/code' : '/admin/enrol', 303);
        if (result.reason === 'rate_limited') {
          reply.header('retry-after', String(result.retryAfter));
          return send(
            reply,
            loginPage({
              email,
              flash: {
                tone: 'error',
                text: `Too many attempts. Try again in ${Math.ceil(result.retryAfter / 60)} minutes.`,
              },
            }),
            429,
          );
        }
        return send(
          reply,
          loginPage({ email, flash: { tone: 'error', text: 'Wrong e-mail or password.' } }),
          401,
        );
      });
      const pendingOf = (request: FastifyRequest) => {
        const current = request.operatorAuth;
        if (!current) throw new ForbiddenError();
        return current;
      };
      admin.get('/login/code', async (request, reply) => {
        const { operator, session } = pendingOf(request);
        return send(
          reply,
          codePage({ email: operator.email, csrf: session.csrfToken, flash: flashFrom(request.query) }),
        );
      });
      admin.get('/enrol', async (request, reply) => {
        const { operator, session } = pendingOf(request);
        return send(reply, await enrolPageOf(operator, session.csrfToken, flashFrom(request.query)));
      });
      const postCode = (path: string) => async (request: FastifyRequest, reply: FastifyReply) => {
        const current = pendingOf(request);
        const result = await completeWithCode(
          ctx,
          sessions,
          current,
          field(request.body, 'code'),
          request,
          reply,
        );
        if (result.ok) return reply.redirect(firstSectionOf(current.operator), 303);
        if (result.reason === 'locked') return reply.redirect('/admin/login?error=locked', 303);
        const { operator, session } = current;
        const flash = {
          tone: 'error' as const,
          text: 'That code is not right. Check the time on your phone and try again.',
        };
        return send(
          reply,
          path === '/enrol'
            ? await enrolPageOf(operator, session.csrfToken, flash)
            : codePage({ email: operator.email, csrf: session.csrfToken, flash }),
          401,
        );
      };
      admin.post('/login/code', postCode('/login/code'));
      admin.post('/enrol', postCode('/enrol'));
      admin.post('/logout', async (request, reply) => {
        const current = request.operatorAuth;
        if (current)
          await recordAudit(
            ctx.db,
            { id: current.operator.id, email: current.operator.email, ip: request.ip },
            {
              action: 'operator.logout',
              target: { type: 'operator', id: current.operator.id },
              at: ctx.providers.clock.now(),
            },
          );
        await sessions.end(request, reply);
        return reply.redirect('/admin/login?ok=signed_out', 303);
      });

      admin.get('/', async (request, reply) => {
        // A flash sent to the root (a refused form with no page to go back to) follows to the first section.
        const error = (request.query as Record<string, unknown>).error;
        const flash = typeof error === 'string' && /^\w{1,40}$/.test(error) ? `?error=${error}` : '';
        return reply.redirect(`${firstSectionOf(auth(request).operator)}${flash}`, 303);
      });

      for (const area of [...SHELL_AREAS, ...features.areas]) area(admin, kit, ctx);
    },
    { prefix: '/admin' },
  );

  return sessions;
};
