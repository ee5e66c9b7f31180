/**
 * The back-office under /admin: server-rendered pages and plain form posts (docs/decisions/005). Every request
 * resolves the operator's own session; pages need a full (password + TOTP) session and the role's permission;
 * every post carries the session's CSRF token and must come from our own origin.
 */
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { totpQrCode } from '../auth/totp.ts';
import { adjustBalance } from './adjust-balance.ts';
import { auditActions, listAudit, recordAudit, type TActor } from './audit-log.ts';
import { flashCodeOf, flashFrom } from './flash.ts';
import { decideKyc, kycReviewService } from './kyc-review.ts';
import { createOperatorSessions, csrfMatches, type TResolvedOperator } from './operator-session.ts';
import { operatorTotpUri } from './operators.ts';
import { can, type TPermission } from './permissions.ts';
import {
  endPlayerSessions,
  ledgerPage,
  playerOverview,
  searchPlayers,
  setPlayerBanned,
} from './player-admin.ts';
import { completeWithCode, signInWithPassword } from './sign-in.ts';
import { auditBody, type TAuditQuery } from './ui/audit-page.ts';
import { codePage, enrolPage, errorPage, loginPage } from './ui/auth-pages.ts';
import type { Html } from './ui/html.ts';
import { kycCaseBody, kycQueueBody } from './ui/kyc-pages.ts';
import { firstSectionOf, page, type TSection } from './ui/layout.ts';
import { playerBody, playerSearchBody } from './ui/players-pages.ts';
import { withdrawalsBody } from './ui/withdrawals-page.ts';
import { countPendingWithdrawals, listWithdrawals, reviewWithdrawal } from './withdrawal-queue.ts';

const CSS = readFileSync(new URL('./ui/admin.css', import.meta.url), 'utf8');
const CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

declare module 'fastify' {
  interface FastifyRequest {
    operatorAuth: TResolvedOperator | null;
  }
}

/** An operator asked for something the role does not allow. */
class ForbiddenError extends Error {}

type TBody = Record<string, unknown>;
const field = (body: unknown, name: string): string => {
  const value = (body as TBody | undefined)?.[name];
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '';
};
const queryOf = (request: FastifyRequest) => (request.query ?? {}) as Record<string, string | undefined>;
const pageOf = (request: FastifyRequest) => {
  const n = Number(queryOf(request).page ?? 0);
  return Number.isSafeInteger(n) && n >= 0 && n < 10_000 ? n : 0;
};
const idParam = (request: FastifyRequest, name = 'id') => {
  const text = (request.params as Record<string, string>)[name] ?? '';
  return /^\d{1,15}$/.test(text) ? Number(text) : 0;
};

const PUBLIC_PATHS = new Set(['/admin/login', '/admin/assets/admin.css']);
const PENDING_PATHS: Record<string, 'totp' | 'enrol'> = {
  '/admin/login/code': 'totp',
  '/admin/enrol': 'enrol',
};

export const registerBackofficeRoutes = (app: FastifyInstance, ctx: TAppContext) => {
  const sessions = createOperatorSessions(ctx);
  app.decorateRequest('operatorAuth', null);

  const send = (reply: FastifyReply, body: Html, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').send(body.value);

  const auth = (request: FastifyRequest) => {
    const current = request.operatorAuth;
    if (current?.session.stage !== 'full') throw new ForbiddenError();
    return current;
  };
  const actorOf = (request: FastifyRequest): TActor => {
    const { operator } = auth(request);
    return { id: operator.id, email: operator.email, ip: request.ip };
  };
  const need = async (request: FastifyRequest, permission: TPermission) => {
    const { operator } = auth(request);
    if (can(operator.role, permission)) return operator;
    await recordAudit(ctx.db, actorOf(request), {
      action: 'operator.denied',
      after: { permission, path: request.url.split('?')[0] },
      at: ctx.providers.clock.now(),
    });
    throw new ForbiddenError();
  };

  const counts = async (request: FastifyRequest): Promise<Partial<Record<TSection, number>>> => {
    const { operator } = auth(request);
    return can(operator.role, 'withdrawals.review')
      ? { withdrawals: await countPendingWithdrawals(ctx.db) }
      : {};
  };
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    section: TSection | null,
    body: Html,
  ) => {
    const { operator, session } = auth(request);
    return send(
      reply,
      page(
        {
          title,
          operator,
          csrf: session.csrfToken,
          section,
          flash: flashFrom(request.query),
          counts: await counts(request),
        },
        body,
      ),
    );
  };

  /** Runs a posted action, then sends the browser back (303) with a message code. */
  const act = async (reply: FastifyReply, back: string, ok: string, action: () => Promise<unknown>) => {
    const join = back.includes('?') ? '&' : '?';
    try {
      await action();
      return reply.redirect(`${back}${join}ok=${ok}`, 303);
    } catch (error) {
      if (error instanceof ForbiddenError) throw error;
      if (!(error instanceof AppError)) throw error;
      return reply.redirect(`${back}${join}error=${flashCodeOf(error)}`, 303);
    }
  };

  app.register(
    async (admin) => {
      admin.addHook('onRequest', async (request, reply) => {
        reply.header('content-security-policy', CSP);
        reply.header('cache-control', 'no-store');
        reply.header('referrer-policy', 'same-origin');
        request.operatorAuth = await sessions.resolve(request);
        const path = request.url.split('?')[0] ?? '';
        if (request.method === 'POST') {
          const origin = request.headers.origin;
          const own = [new URL(ctx.config.PUBLIC_URL).origin, `${request.protocol}://${request.host}`];
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
        const result = await signInWithPassword(ctx, sessions, request, reply, {
          email,
          password: field(request.body, 'password'),
        });
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
        return send(
          reply,
          enrolPage({
            email: operator.email,
            csrf: session.csrfToken,
            qr: await totpQrCode(operatorTotpUri(operator)),
            secret: operator.totpSecret,
            flash: flashFrom(request.query),
          }),
        );
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
            ? enrolPage({
                email: operator.email,
                csrf: session.csrfToken,
                qr: await totpQrCode(operatorTotpUri(operator)),
                secret: operator.totpSecret,
                flash,
              })
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

      admin.get('/', async (request, reply) => reply.redirect(firstSectionOf(auth(request).operator), 303));

      // Withdrawals
      admin.get('/withdrawals', async (request, reply) => {
        const operator = await need(request, 'withdrawals.review');
        const result = await listWithdrawals(ctx.db, {
          status: queryOf(request).status ?? 'pending',
          page: pageOf(request),
        });
        return render(
          request,
          reply,
          'Withdrawals',
          'withdrawals',
          withdrawalsBody({
            ...result,
            page: pageOf(request),
            csrf: auth(request).session.csrfToken,
            canReview: can(operator.role, 'withdrawals.review'),
          }),
        );
      });
      for (const decision of ['approve', 'decline'] as const)
        admin.post(`/withdrawals/:wid/${decision}`, async (request, reply) => {
          await need(request, 'withdrawals.review');
          const id = (request.params as { wid: string }).wid;
          return act(reply, '/admin/withdrawals', decision === 'approve' ? 'approved' : 'declined', () =>
            reviewWithdrawal(ctx, actorOf(request), { id, decision, reason: field(request.body, 'reason') }),
          );
        });

      // Players
      admin.get('/players', async (request, reply) => {
        await need(request, 'players.read');
        const query = (queryOf(request).q ?? '').slice(0, 100);
        return render(
          request,
          reply,
          'Players',
          'players',
          playerSearchBody({ query, hits: await searchPlayers(ctx.db, query) }),
        );
      });
      admin.get('/players/:id', async (request, reply) => {
        const operator = await need(request, 'players.read');
        const playerId = idParam(request);
        const overview = await playerOverview(ctx, playerId);
        const allowed = (permission: TPermission) => can(operator.role, permission);
        const ledger = allowed('ledger.read')
          ? { ...(await ledgerPage(ctx.db, playerId, pageOf(request))), page: pageOf(request) }
          : null;
        return render(
          request,
          reply,
          overview.player.login,
          'players',
          playerBody({
            ...overview,
            ledger,
            csrf: auth(request).session.csrfToken,
            adjustmentKey: ctx.providers.random.uuid(),
            allowed,
          }),
        );
      });
      for (const banned of [true, false])
        admin.post(`/players/:id/${banned ? 'ban' : 'unban'}`, async (request, reply) => {
          await need(request, 'players.ban');
          const playerId = idParam(request);
          return act(reply, `/admin/players/${playerId}`, banned ? 'banned' : 'unbanned', () =>
            setPlayerBanned(ctx, actorOf(request), {
              playerId,
              banned,
              reason: field(request.body, 'reason'),
            }),
          );
        });
      admin.post('/players/:id/sessions/end', async (request, reply) => {
        await need(request, 'sessions.end');
        const playerId = idParam(request);
        return act(reply, `/admin/players/${playerId}`, 'sessions_ended', () =>
          endPlayerSessions(ctx, actorOf(request), playerId),
        );
      });
      admin.post('/players/:id/adjust', async (request, reply) => {
        await need(request, 'adjustments.create');
        const playerId = idParam(request);
        return act(reply, `/admin/players/${playerId}`, 'adjusted', () =>
          adjustBalance(ctx, actorOf(request), {
            playerId,
            account: field(request.body, 'account'),
            direction: field(request.body, 'direction'),
            amount: field(request.body, 'amount'),
            reason: field(request.body, 'reason'),
            key: field(request.body, 'key'),
          }),
        );
      });

      // KYC
      admin.get('/kyc', async (request, reply) => {
        await need(request, 'kyc.read');
        const service = kycReviewService();
        return render(
          request,
          reply,
          'KYC review',
          'kyc',
          kycQueueBody({ installed: service !== null, cases: service ? await service.queue(ctx) : [] }),
        );
      });
      admin.get('/kyc/documents/:docId', async (request, reply) => {
        await need(request, 'kyc.read');
        const service = kycReviewService();
        const docId = (request.params as { docId: string }).docId;
        const file = service && /^[\w-]{1,100}$/.test(docId) ? await service.document(ctx, docId) : null;
        if (!file) return send(reply, errorPage(404, 'Not found', 'There is no such document.'), 404);
        return reply
          .type(file.mimetype)
          .header('content-disposition', 'inline')
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(Buffer.from(file.data));
      });
      admin.get('/kyc/:id', async (request, reply) => {
        const operator = await need(request, 'kyc.read');
        const playerId = idParam(request);
        const service = kycReviewService();
        return render(
          request,
          reply,
          'KYC review',
          'kyc',
          kycCaseBody({
            installed: service !== null,
            kyc: service && playerId ? await service.get(ctx, playerId) : null,
            playerId,
            csrf: auth(request).session.csrfToken,
            canReview: can(operator.role, 'kyc.review'),
          }),
        );
      });
      for (const decision of ['approve', 'reject'] as const)
        admin.post(`/kyc/:id/${decision}`, async (request, reply) => {
          await need(request, 'kyc.review');
          const playerId = idParam(request);
          return act(
            reply,
            `/admin/kyc/${playerId}`,
            decision === 'approve' ? 'kyc_approved' : 'kyc_rejected',
            () =>
              decideKyc(ctx, actorOf(request), { playerId, decision, reason: field(request.body, 'reason') }),
          );
        });

      // Audit log
      admin.get('/audit', async (request, reply) => {
        await need(request, 'audit.read');
        const q = queryOf(request);
        const query: TAuditQuery = {
          operator: (q.operator ?? '').slice(0, 200),
          action: (q.action ?? '').slice(0, 100),
          target_type: (q.target_type ?? '').slice(0, 50),
          target_id: (q.target_id ?? '').slice(0, 100),
          from: /^\d{4}-\d{2}-\d{2}$/.test(q.from ?? '') ? (q.from as string) : '',
          to: /^\d{4}-\d{2}-\d{2}$/.test(q.to ?? '') ? (q.to as string) : '',
        };
        const filter = {
          operator: query.operator || undefined,
          action: query.action || undefined,
          targetType: query.target_type || undefined,
          targetId: query.target_id || undefined,
          from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
          to: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
        };
        const page = pageOf(request);
        const [result, actions] = await Promise.all([listAudit(ctx.db, filter, page), auditActions(ctx.db)]);
        return render(
          request,
          reply,
          'Audit log',
          'audit',
          auditBody({ query, filter, actions, ...result, page }),
        );
      });
    },
    { prefix: '/admin' },
  );

  return sessions;
};
