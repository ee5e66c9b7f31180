/**
 * The games screens (issue 17 item 4, docs/decisions/027): the list with live RTP and volume, a game's page (show or
 * hide, its bonus contribution, its jackpots) and the order of the categories and home rows. The games, bonuses and
 * competitions modules check and write (each change audited in its transaction with before and after); the bus
 * tells every instance, so the site shows a change within its 10 s cache (docs/decisions/007). What other modules
 * own comes as parts from the composition root (game-parts.ts).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { TChangeAudit } from '../../../platform/change-audit.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { idParam, parseForm, queryOf, recordAudit, type TRouteArea } from '../../backoffice/index.ts';
import { listCategoriesForOperator, setCategoryOrder } from '../catalogue/category-order.ts';
import {
  GAME_STATUSES,
  gameFilterOptions,
  gameForOperator,
  listGamesForOperator,
  setGameHidden,
  type TGameStatus,
  type TOperatorGameFilter,
} from '../catalogue/games-admin.ts';
import { categoriesBody } from './categories-page.ts';
import type { TGamePageParts } from './game-parts.ts';
import { gameBody, gamesListBody } from './games-pages.ts';

const SYSNAME = /^[a-z0-9_]{1,80}$/;
const sysnameOf = (request: FastifyRequest) => {
  const text = (request.params as { sysname?: string }).sysname ?? '';
  return SYSNAME.test(text) ? text : '';
};

/** A whole number in [0, max] written as digits only; else null. */
const wholeNumber = (text: string, max: number) =>
  /^\d{1,6}$/.test(text.trim()) && Number(text.trim()) <= max ? Number(text.trim()) : null;

/** A repeated field's values (one value reads as a list of one). */
const list = z.union([z.array(z.string()), z.string().transform((value) => [value])]).default([]);

/**
 * The categories' order: each row's category, order (0–100000) and home row (0–999, or empty for none). The lists
 * must be as long as each other (one row per category); a refusal names the first field that is wrong.
 */
const ZCategoryOrderForm = z
  .object({ category: list, priority: list, home_position: list })
  .refine((f) => f.priority.length === f.category.length && f.home_position.length === f.category.length, {
    message: 'wrongField',
    path: ['category'],
  })
  .pipe(
    z.object({
      category: z.array(z.string()),
      priority: z
        .array(z.string())
        .refine((values) => values.every((v) => wholeNumber(v, 100_000) !== null), 'wrongField'),
      home_position: z
        .array(z.string())
        .refine(
          (values) => values.every((v) => v.trim() === '' || wholeNumber(v, 999) !== null),
          'wrongField',
        ),
    }),
  )
  .refine((f) => f.category.every((sysname) => SYSNAME.test(sysname)), {
    message: 'notFound',
    path: ['category'],
  })
  .transform((f) =>
    f.category.map((sysname, i) => {
      const home = (f.home_position[i] ?? '').trim();
      return {
        sysname,
        priority: wholeNumber(f.priority[i] ?? '', 100_000) as number,
        homePosition: home === '' ? null : wholeNumber(home, 999),
      };
    }),
  );

/** A switch posted as '0' or '1'. */
const onOff = z.enum(['0', '1'], 'wrongField').transform((value) => value === '1');
const ZVisibilityForm = z.object({ hidden: onOff });
const ZEligibilityForm = z.object({ eligible: onOff });
/** The game's own bonus contribution: a whole percent, or empty to let each template decide (null). */
const ZContributionForm = z.object({
  contribution: z
    .string()
    .default('')
    .transform((text) => text.trim())
    .refine((text) => text === '' || wholeNumber(text, 100) !== null, 'wrongField')
    .transform((text) => (text === '' ? null : Number(text))),
});

export const createGamesArea =
  (parts: TGamePageParts): TRouteArea =>
  (admin, kit, ctx) => {
    const auditOf =
      (request: FastifyRequest): TChangeAudit =>
      async (tx, change) => {
        await recordAudit(tx, kit.actorOf(request), { ...change, at: ctx.providers.clock.now() });
      };
    /** The game named in the path, or a redirect to the list with a flash. */
    const gameOf = async (request: FastifyRequest) => {
      const sysname = sysnameOf(request);
      return sysname ? gameForOperator(ctx.db, sysname) : null;
    };
    const toList = (reply: FastifyReply, code: string) => reply.redirect(`/admin/games?error=${code}`, 303);

    admin.get('/games', async (request, reply) => {
      await kit.need(request, 'games.read');
      const q = queryOf(request);
      const options = await gameFilterOptions(ctx.db);
      const filter: TOperatorGameFilter = {
        query: (q.q ?? '').slice(0, 80),
        provider: q.provider || undefined,
        kind: q.kind || undefined,
        status: (q.status || undefined) as TGameStatus | undefined,
      };
      if (
        (filter.provider && !options.providers.some((p) => p.sysname === filter.provider)) ||
        (filter.kind && !(options.kinds as string[]).includes(filter.kind)) ||
        (filter.status && !GAME_STATUSES.includes(filter.status))
      )
        return toList(reply, 'games_filter');
      const items = await listGamesForOperator(ctx.db, filter);
      const volumes = await parts.volumes(ctx.db, ctx.providers.clock.now());
      const body = gamesListBody({ filter, ...options, items, volumes });
      return kit.render(request, reply, 'Games', 'games', body);
    });

    admin.get('/games/categories', async (request, reply) => {
      await kit.need(request, 'games.read');
      const body = categoriesBody({
        items: await listCategoriesForOperator(ctx.db),
        canEdit: kit.allowed(request)('games.edit'),
        csrf: kit.csrfOf(request),
      });
      return kit.render(request, reply, 'Categories and home rows', 'games', body);
    });

    admin.post('/games/categories', async (request, reply) => {
      await kit.need(request, 'games.edit');
      return kit.act(reply, '/admin/games/categories', 'games_saved', async () => {
        const orders = parseForm(ZCategoryOrderForm, request.body);
        await setCategoryOrder(ctx, orders, auditOf(request));
      });
    });

    admin.get('/games/:sysname', async (request, reply) => {
      await kit.need(request, 'games.read');
      const game = await gameOf(request);
      if (!game) return toList(reply, 'game_notFound');
      const [volumes, contribution, jackpots] = await Promise.all([
        parts.volumes(ctx.db, ctx.providers.clock.now(), [game.sysname]),
        parts.contribution.of(ctx.db, game.sysname),
        parts.jackpots.of(ctx.db, game.sysname, game.kind),
      ]);
      const body = gameBody({
        game,
        volumes: volumes.get(game.sysname),
        contribution,
        jackpots,
        canEdit: kit.allowed(request)('games.edit'),
        csrf: kit.csrfOf(request),
      });
      return kit.render(request, reply, game.name, 'games', body);
    });

    /** A posted change to the game in the path: back to its page, or to the list when there is no such game. */
    const gameAction = (
      path: string,
      change: (request: FastifyRequest, sysname: string, kind: string) => Promise<unknown>,
    ) =>
      admin.post(`/games/:sysname/${path}`, async (request, reply) => {
        await kit.need(request, 'games.edit');
        const game = await gameOf(request);
        if (!game) return toList(reply, 'sysname_notFound');
        return kit.act(reply, `/admin/games/${game.sysname}`, 'games_saved', () =>
          change(request, game.sysname, game.kind),
        );
      });

    gameAction('visibility', async (request, sysname) => {
      const { hidden } = parseForm(ZVisibilityForm, request.body);
      await setGameHidden(ctx, sysname, hidden, auditOf(request));
    });

    gameAction('contribution', async (request, sysname) => {
      const { contribution } = parseForm(ZContributionForm, request.body);
      await parts.contribution.set(ctx, sysname, contribution, auditOf(request));
    });

    gameAction('jackpots/:id', async (request, sysname, kind) => {
      const { eligible } = parseForm(ZEligibilityForm, request.body);
      const jackpotId = idParam(request);
      if (!jackpotId) throw invalidParameters({ jackpot: 'notFound' });
      await parts.jackpots.setEligibility(
        ctx,
        { jackpotId, game: sysname, kind, eligible },
        auditOf(request),
      );
    });
  };
