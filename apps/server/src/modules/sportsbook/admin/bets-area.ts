/**
 * The desk's bet list (names, filters by date, sport, event, player and status, paging, CSV) and the book's
 * margins and stake limits per sport and market; composed by sportsbook-area.ts.
 */
import { Readable } from 'node:stream';
import { toMajor } from '@casino/contracts';
import { pageOf, parseForm, queryOf, recordAudit, type TRouteArea, toCsv } from '../../backoffice/index.ts';
import { findPlayerByLogin } from '../../players/index.ts';
import { BET_STATUSES, searchBets, type TAdminBet, type TBetFilter } from './bet-list.ts';
import { legResult, sportsbookBetsBody } from './bets-page.ts';
import { listSportKeys } from './event-queries.ts';
import { changeBookLimit, deskLimits, ZBookLimitForm } from './limits-desk.ts';
import { bookLimitsBody } from './limits-page.ts';

const EVENT_ID = /^[\w:.=+-]{1,100}$/;
const SPORT = /^[a-z0-9_-]{1,50}$/;
const ID = /^#?(\d{1,15})$/;
const LOGIN = /^[^\s]{1,100}$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const dayOf = (text: string) => {
  if (!DAY.test(text)) return null;
  const day = new Date(`${text}T00:00:00Z`);
  return Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== text ? null : day;
};

/** The bets search as asked, each filter read strictly: one that does not read is named and left out. */
const betFilterOf = async (
  q: Record<string, string | undefined>,
  findLogin: (login: string) => Promise<number | undefined>,
) => {
  const text = (name: string, max: number) => (q[name] ?? '').trim().slice(0, max);
  const search = {
    bet: text('bet', 20),
    player: text('player', 100),
    event: text('event', 100),
    sport: text('sport', 50),
    status: text('status', 20),
    from: text('from', 10),
    to: text('to', 10),
  };
  const filter: TBetFilter = {};
  const problems: string[] = [];
  if (search.bet) {
    const id = ID.exec(search.bet)?.[1];
    if (id) filter.betId = Number(id);
    else problems.push('A bet id is a number, e.g. 1042.');
  }
  if (search.player) {
    const id = ID.exec(search.player)?.[1];
    const found = id ? Number(id) : LOGIN.test(search.player) ? await findLogin(search.player) : undefined;
    // A login no player has finds no bets (-1 is no id).
    filter.playerId = found ?? -1;
    if (!found) problems.push('No player has that id or login.');
  }
  if (search.event) {
    if (EVENT_ID.test(search.event)) filter.eventId = search.event;
    else problems.push('An event id holds letters, digits and : . = + - _ only.');
  }
  if (search.sport) {
    if (SPORT.test(search.sport)) filter.sport = search.sport;
    else problems.push('That sport is not one the feed sends.');
  }
  if (search.status) {
    if ((BET_STATUSES as readonly string[]).includes(search.status)) filter.status = search.status;
    else problems.push('Choose one of the bet statuses.');
  }
  for (const edge of ['from', 'to'] as const) {
    if (!search[edge]) continue;
    const day = dayOf(search[edge]);
    if (!day) problems.push('A date reads YYYY-MM-DD, e.g. 2026-11-21.');
    else filter[edge] = edge === 'to' ? new Date(day.getTime() + 86_400_000) : day;
  }
  return { search, filter, problems };
};

const CSV_HEADER = [
  'bet',
  'placed_at',
  'player_id',
  'player',
  'type',
  'status',
  'currency',
  'stake',
  'potential_payout',
  'paid',
  'settled_at',
  'sport',
  'event',
  'market',
  'outcome',
  'odds',
  'leg_result',
];

/** An amount in major units with its two decimals, as a spreadsheet reads it: 10.00. */
const amount = (cents: bigint) => toMajor(cents).toFixed(2);

/** A bet's CSV rows: one per leg (a combo's legs on rows of their own, the bet's columns repeated). */
const csvRows = (b: TAdminBet) =>
  b.legs.map((l) => [
    b.id,
    b.placedAt.toISOString(),
    b.playerId,
    b.playerName,
    b.systemName ? `${b.type} ${b.systemName}` : b.type,
    b.status,
    b.currency,
    amount(b.totalStake),
    amount(b.potentialPayout),
    b.status === 'open' ? '' : amount(b.payout),
    b.settledAt ? b.settledAt.toISOString() : '',
    l.sport,
    l.eventName,
    l.specifiers ? `${l.marketName} (${l.specifiers})` : l.marketName,
    l.outcomeName,
    (l.odds / 1000).toFixed(2),
    legResult(l),
  ]);

export const betsArea: TRouteArea = (admin, kit, ctx) => {
  const findLogin = async (login: string) => (await findPlayerByLogin(ctx.db, login))?.id;

  admin.get('/sportsbook/bets', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    const { search, filter, problems } = await betFilterOf(queryOf(request), findLogin);
    const page = pageOf(request);
    const { bets, hasMore } = await searchBets(ctx.db, filter, page);
    return kit.render(
      request,
      reply,
      'Sportsbook bets',
      'sportsbook',
      sportsbookBetsBody({ search, bets, page, hasMore, problems, sports: await listSportKeys(ctx.db) }),
    );
  });

  admin.get('/sportsbook/bets.csv', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    const { search, filter } = await betFilterOf(queryOf(request), findLogin);
    const now = ctx.providers.clock.now();
    const { bets } = await searchBets(ctx.db, filter, 0, true);
    await recordAudit(ctx.db, kit.actorOf(request), {
      action: 'sportsbook.bets_export',
      after: { ...Object.fromEntries(Object.entries(search).filter(([, v]) => v)), rows: bets.length },
      at: now,
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="bets-${now.toISOString().slice(0, 10)}.csv"`)
      .send(Readable.from([toCsv(CSV_HEADER, bets.flatMap(csvRows))]));
  });

  admin.get('/sportsbook/limits', async (request, reply) => {
    await kit.need(request, 'sportsbook.read');
    return kit.render(
      request,
      reply,
      'Sportsbook margins and limits',
      'sportsbook',
      bookLimitsBody({
        ...(await deskLimits(ctx.db)),
        csrf: kit.csrfOf(request),
        canEdit: kit.allowed(request)('sportsbook.limits'),
      }),
    );
  });

  admin.post('/sportsbook/limits', async (request, reply) => {
    await kit.need(request, 'sportsbook.limits');
    return kit.act(reply, '/admin/sportsbook/limits', 'book_limit_saved', () =>
      changeBookLimit(ctx, kit.actorOf(request), parseForm(ZBookLimitForm, request.body)),
    );
  });
};
