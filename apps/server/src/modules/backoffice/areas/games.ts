/**
 * The games screens (issue 17 item 4, docs/decisions/027): the list with live RTP and volume, a game's page (show or
 * hide, its bonus contribution, its jackpots) and the order of the categories and home rows. The games, bonuses and
 * competitions modules check and write (each change audited in its transaction with before and after); the bus
 * tells every instance, so the site shows a change within its 10 s cache (docs/decisions/007).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TChangeAudit } from '../../../platform/change-audit.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { gameContribution, setGameContribution } from '../../bonuses/game-contributions.ts';
import { jackpotsOfGame, setJackpotEligibility } from '../../competitions/jackpot-eligibility.ts';
import { listCategoriesForOperator, setCategoryOrder } from '../../games/catalogue/category-order.ts';
import {
  GAME_STATUSES,
  gameFilterOptions,
  gameForOperator,
  listGamesForOperator,
  setGameHidden,
  type TGameStatus,
  type TOperatorGameFilter,
} from '../../games/catalogue/games-admin.ts';
import { recordAudit } from '../audit-log.ts';
import { volumesOf } from '../game-volume.ts';
import { field, fields, idParam, queryOf, type TRouteArea } from '../route-kit.ts';
import { categoriesBody } from '../ui/game-categories-page.ts';
import { gameBody, gamesListBody } from '../ui/games-pages.ts';

const SYSNAME = /^[a-z0-9_]{1,80}$/;
const sysnameOf = (request: FastifyRequest) => {
  const text = (request.params as { sysname?: string }).sysname ?? '';
  return SYSNAME.test(text) ? text : '';
};

/** A whole number in [0, max] written as digits only; else null. */
const wholeNumber = (text: string, max: number) =>
  /^\d{1,6}$/.test(text.trim()) && Number(text.trim()) <= max ? Number(text.trim()) : null;

export const gamesArea: TRouteArea = (admin, kit, ctx) => {
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
    const volumes = await volumesOf(ctx.db, ctx.providers.clock.now());
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
      const names = fields(request.body, 'category');
      const priorities = fields(request.body, 'priority');
      const homes = fields(request.body, 'home_position');
      if (names.length !== priorities.length || names.length !== homes.length)
        throw invalidParameters({ category: 'wrongField' });
      const orders = names.map((sysname, i) => {
        const priority = wholeNumber(priorities[i] ?? '', 100_000);
        if (priority === null) throw invalidParameters({ priority: 'wrongField' });
        const home = (homes[i] ?? '').trim();
        const homePosition = home === '' ? null : wholeNumber(home, 999);
        if (home !== '' && homePosition === null) throw invalidParameters({ home_position: 'wrongField' });
        if (!SYSNAME.test(sysname)) throw invalidParameters({ category: 'notFound' });
        return { sysname, priority, homePosition };
      });
      await setCategoryOrder(ctx, orders, auditOf(request));
    });
  });

  admin.get('/games/:sysname', async (request, reply) => {
    await kit.need(request, 'games.read');
    const game = await gameOf(request);
    if (!game) return toList(reply, 'game_notFound');
    const [volumes, contribution, jackpots] = await Promise.all([
      volumesOf(ctx.db, ctx.providers.clock.now(), [game.sysname]),
      gameContribution(ctx.db, game.sysname),
      jackpotsOfGame(ctx.db, game.sysname, game.kind),
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
    const hidden = field(request.body, 'hidden');
    if (hidden !== '0' && hidden !== '1') throw invalidParameters({ hidden: 'wrongField' });
    await setGameHidden(ctx, sysname, hidden === '1', auditOf(request));
  });

  gameAction('contribution', async (request, sysname) => {
    const text = field(request.body, 'contribution').trim();
    const percent = text === '' ? null : wholeNumber(text, 100);
    if (text !== '' && percent === null) throw invalidParameters({ contribution: 'wrongField' });
    await setGameContribution(ctx, sysname, percent, auditOf(request));
  });

  gameAction('jackpots/:id', async (request, sysname, kind) => {
    const eligible = field(request.body, 'eligible');
    if (eligible !== '0' && eligible !== '1') throw invalidParameters({ eligible: 'wrongField' });
    const jackpotId = idParam(request);
    if (!jackpotId) throw invalidParameters({ jackpot: 'notFound' });
    await setJackpotEligibility(
      ctx,
      { jackpotId, game: sysname, kind, eligible: eligible === '1' },
      auditOf(request),
    );
  });
};
