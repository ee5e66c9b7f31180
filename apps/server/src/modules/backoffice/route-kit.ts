/**
 * What every back-office route area shares: reading a form or query, the signed-in operator, the permission check
 * (a refusal is audited), the page frame and post/redirect/get for actions (docs/decisions/005).
 */
import { zId } from '@casino/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { TPlayer } from '../players/index.ts';
import { recordAudit, type TActor } from './audit-log.ts';
import { flashCodeOf, flashFrom, type TFlashMessages } from './flash.ts';
import type { TResolvedOperator } from './operator-session.ts';
import { can, type TPermission } from './permissions.ts';
import type { Html } from './ui/html.ts';
import { page, type TSection } from './ui/layout.ts';

declare module 'fastify' {
  interface FastifyRequest {
    operatorAuth: TResolvedOperator | null;
  }
}

/** An operator asked for something the role does not allow. */
export class ForbiddenError extends Error {}

type TBody = Record<string, unknown>;
/** A multipart form's text part (the plugin attaches parts to the body) reads as its value. */
const partValue = (value: unknown) =>
  value && typeof value === 'object' && (value as { type?: unknown }).type === 'field'
    ? (value as { value?: unknown }).value
    : value;
export const field = (body: unknown, name: string): string => {
  const value = partValue((body as TBody | undefined)?.[name]);
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0] ?? '') : '';
};
/** Every value of a repeated form field (checkbox groups, ordered lists). */
export const fields = (body: unknown, name: string): string[] => {
  const value = (body as TBody | undefined)?.[name];
  return Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : [];
};
export const queryOf = (request: FastifyRequest) =>
  (request.query ?? {}) as Record<string, string | undefined>;
export const pageOf = (request: FastifyRequest) => {
  const n = Number(queryOf(request).page ?? 0);
  return Number.isSafeInteger(n) && n >= 0 && n < 10_000 ? n : 0;
};
/**
 * A row id from the path, bounded to its column like an API call's (`integer` for the serial ids of the loyalty
 * catalogue, else `bigint`); 0, which no row has, when it is not one.
 */
export const idParam = (request: FastifyRequest, name = 'id', column: 'integer' | 'bigint' = 'bigint') => {
  const parsed = zId(column).safeParse((request.params as Record<string, string>)[name] ?? '');
  return parsed.success ? parsed.data : 0;
};

export const createRouteKit = (ctx: TAppContext, counters: TSectionCounter[] = []) => {
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
  const allowed = (request: FastifyRequest) => (permission: TPermission) =>
    can(auth(request).operator.role, permission);

  const counts = async (request: FastifyRequest): Promise<Partial<Record<TSection, number>>> => {
    const { operator } = auth(request);
    const shown = counters.filter((c) => can(operator.role, c.permission));
    const values = await Promise.all(shown.map((c) => c.count(ctx.db)));
    return Object.fromEntries(shown.map((c, i) => [c.section, values[i]]));
  };
  const render = async (
    request: FastifyRequest,
    reply: FastifyReply,
    title: string,
    section: TSection | null,
    body: Html,
    status = 200,
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
          flash: flashFrom(request.query, request.url.split('?')[0]),
          counts: await counts(request),
        },
        body,
      ),
      status,
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
  const csrfOf = (request: FastifyRequest) => auth(request).session.csrfToken;

  return { send, auth, actorOf, need, allowed, render, act, csrfOf };
};
export type TRouteKit = ReturnType<typeof createRouteKit>;
/** A route area: registers its pages under the /admin prefix. */
export type TRouteArea = (admin: FastifyInstance, kit: TRouteKit, ctx: TAppContext) => void;
/** A number shown beside a section in the navigation (pending withdrawals), to those who may act on it. */
export interface TSectionCounter {
  section: TSection;
  permission: TPermission;
  count: (db: TExecutor) => Promise<number>;
}
/** What the feature modules bring to the back-office: their route areas and the navigation's counters. */
export interface TAdminFeatures {
  areas: TRouteArea[];
  counters: TSectionCounter[];
  /** The features' own flash messages (by code), beside the shell's. */
  messages: TFlashMessages[];
}

/** What a panel of the player's page is drawn for: the player, what the operator's role allows, the CSRF token. */
export interface TPlayerPageView {
  player: TPlayer;
  allowed: (permission: TPermission) => boolean;
  csrf: string;
}
/**
 * Where a panel goes on the player's page: `status` is a badge beside the player's status in the title; `facts` are `<dt>`/`<dd>` lines of the Account list; `summary` follows
 * the balances; `beside` sits in the grid beside the Account panel; `actions` in the grid of forms before the ban;
 * `below` after those grids, before the ledger.
 */
export type TPlayerPageSlot = 'status' | 'facts' | 'summary' | 'beside' | 'actions' | 'below';
/**
 * A feature's part of the player's page (account/admin), drawn by the module that owns its data; the composition
 * root (admin-areas.ts) hands the panels to the players area. Null when the operator's role is not to see it.
 */
export interface TPlayerPagePanel {
  slot: TPlayerPageSlot;
  draw: (ctx: TAppContext, view: TPlayerPageView) => Promise<Html | null>;
}
