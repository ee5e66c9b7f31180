/**
 * The sportsbook desk: events with liability, one event's markets (suspend, resume, settle, void by hand through
 * the feed's path), the debts and a player's stake factor; the bets list and the margins and limits are
 * bets-area.ts. Every change is audited (sportsbook-desk.ts).
 */
import { errorPage, idParam, pageOf, parseForm, queryOf, type TRouteArea } from '../../backoffice/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { listDebts, playerLimits } from './bet-queries.ts';
import { betsArea } from './bets-area.ts';
import { sportsbookDebtsBody, sportsbookPlayerBody } from './debts-page.ts';
import { sportsbookEventBody } from './event-page.ts';
import {
  EVENT_FILTERS,
  eventBook,
  hasEvent,
  listAdminEvents,
  listSportKeys,
  type TEventFilter,
} from './event-queries.ts';
import { sportsbookEventsBody } from './events-page.ts';
import {
  actOnMarket,
  changeStakeFactor,
  marketForm,
  type TMarketAction,
  ZStakeFactorForm,
} from './sportsbook-desk.ts';

const EVENT_ID = /^[\w:.=+-]{1,100}$/;
const SPORT = /^[a-z0-9_-]{1,50}$/;
const MARKET_ACTIONS: TMarketAction[] = ['suspend', 'resume', 'settle', 'void'];
const MARKET_OK: Record<TMarketAction, string> = {
  suspend: 'market_suspended',
  resume: 'market_resumed',
  settle: 'market_settled',
  void: 'market_voided',
};

export const sportsbookArea: TRouteArea = (admin, kit, ctx) => {
  betsArea(admin, kit, ctx);
  admin.get('/sportsbook', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    const q = queryOf(request);
    const problems: string[] = [];
    const status = q.status ?? 'open';
    const filter = (EVENT_FILTERS as readonly string[]).includes(status) ? (status as TEventFilter) : 'open';
    if (filter !== status) problems.push('Choose open, live, pre-match, ended or all.');
    const sport = (q.sport ?? '').trim();
    if (sport && !SPORT.test(sport)) problems.push('That sport is not one the feed sends.');
    const text = (q.q ?? '').trim().slice(0, 100);
    const byLiability = q.order === 'liability';
    const page = pageOf(request);
    const { events, hasMore } = await listAdminEvents(ctx.db, {
      filter,
      sport: SPORT.test(sport) ? sport : undefined,
      q: text || undefined,
      byLiability,
      page,
    });
    return kit.render(
      request,
      reply,
      'Sportsbook',
      'sportsbook',
      sportsbookEventsBody({
        filter,
        sport: SPORT.test(sport) ? sport : '',
        q: text,
        byLiability,
        sports: await listSportKeys(ctx.db),
        events,
        page,
        hasMore,
        problems,
      }),
    );
  });

  admin.get('/sportsbook/events/:eventId', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    const eventId = (request.params as { eventId: string }).eventId;
    const event = EVENT_ID.test(eventId) ? await eventBook(ctx.db, eventId) : null;
    if (!event) return kit.send(reply, errorPage(404, 'Not found', 'There is no such event.'), 404);
    return kit.render(
      request,
      reply,
      event.name || event.id,
      'sportsbook',
      sportsbookEventBody({
        event,
        csrf: kit.csrfOf(request),
        canTrade: kit.allowed(request)('sportsbook.markets'),
      }),
    );
  });

  for (const action of MARKET_ACTIONS)
    admin.post(`/sportsbook/events/:eventId/markets/${action}`, async (request, reply) => {
      await kit.need(request, 'sportsbook.markets');
      const eventId = (request.params as { eventId: string }).eventId;
      const known = EVENT_ID.test(eventId) && (await hasEvent(ctx.db, eventId));
      const back = known ? `/admin/sportsbook/events/${encodeURIComponent(eventId)}` : '/admin/sportsbook';
      return kit.act(reply, back, MARKET_OK[action], () =>
        actOnMarket(ctx, kit.actorOf(request), action, eventId, parseForm(marketForm(action), request.body)),
      );
    });

  admin.get('/sportsbook/debts', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    const asked = queryOf(request).status;
    const status = asked === 'repaid' || asked === 'all' ? asked : 'open';
    const page = pageOf(request);
    const result = await listDebts(ctx.db, { status, page });
    return kit.render(
      request,
      reply,
      'Sportsbook debts',
      'sportsbook',
      sportsbookDebtsBody({ status, page, ...result }),
    );
  });

  admin.get('/sportsbook/players/:id', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    const player = await requirePlayer(ctx.db, idParam(request));
    const debts = await listDebts(ctx.db, { status: 'all', playerId: player.id, page: 0 });
    return kit.render(
      request,
      reply,
      `${player.login} · betting limits`,
      'sportsbook',
      sportsbookPlayerBody({
        player: { id: player.id, login: player.login, currency: player.currency },
        limits: await playerLimits(ctx.db, player.id),
        debts: debts.debts,
        owed: debts.outstanding,
        csrf: kit.csrfOf(request),
        canEdit: kit.allowed(request)('sportsbook.limits'),
      }),
    );
  });

  admin.post('/sportsbook/players/:id/stake-factor', async (request, reply) => {
    await kit.need(request, 'sportsbook.limits');
    const playerId = idParam(request);
    const known = await requirePlayer(ctx.db, playerId).then(
      () => true,
      () => false,
    );
    const back = known ? `/admin/sportsbook/players/${playerId}` : '/admin/sportsbook';
    return kit.act(reply, back, 'stake_factor_saved', async () => {
      // An unknown player is named first (id_notFound), then the form's fields.
      const player = await requirePlayer(ctx.db, playerId);
      return changeStakeFactor(ctx, kit.actorOf(request), player, parseForm(ZStakeFactorForm, request.body));
    });
  });
};
