/** Reports: the dashboard, CSV export of each of its tables, and recomputing a day from the ledger. */
import { z } from 'zod';
import { isDay, parseForm, queryOf, recordAudit, type TRouteArea, toCsv } from '../../backoffice/index.ts';
import { dayOf, recomputeReportDay } from '../aggregate-day.ts';
import type { TMovementLine } from '../reconciliation-queries.ts';
import { parseReportFilter } from '../report-filter.ts';
import {
  gameFigures,
  hasPlayFilter,
  reportDimensions,
  reportFigures,
  type TFigures,
} from '../report-queries.ts';
import { reportsBody } from './reports-page.ts';

/** The day to recompute, as typed (YYYY-MM-DD, a real day): anything else is the `day` flash. */
const ZRecomputeForm = z.object({ day: z.string().refine(isDay, 'wrongField') });

/** Cents as major units with 2 decimals, exactly (no float). */
const major = (cents: bigint) => {
  const abs = cents < 0n ? -cents : cents;
  return `${cents < 0n ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};
/** Without a play filter: the players' balances at the period's start and end, and opening + movements − closing. */
const balanceCells = (p: TFigures, cashier: boolean) =>
  cashier && p.balances.days.length > 0
    ? [major(p.balances.opening), major(p.balances.closing), major(p.balances.difference)]
    : ['', '', ''];
const periodRow = (p: TFigures, cashier: boolean) => [
  p.period,
  p.activePlayers,
  p.registrations,
  p.firstDeposits,
  (p.conversion * 100).toFixed(2),
  cashier ? major(p.deposits) : '',
  cashier ? p.depositCount : '',
  cashier ? major(p.withdrawals) : '',
  major(p.stakes),
  major(p.wins),
  major(p.ggr),
  major(p.bonusGranted),
  major(p.bonusConverted),
  major(p.ngr),
  p.holdPercent.toFixed(2),
  p.sportsbookMargin.toFixed(2),
  major(p.openBets),
  major(p.voidedStakes),
  ...balanceCells(p, cashier),
];
const PERIOD_HEADER = [
  'period',
  'active_players',
  'registrations',
  'first_deposits',
  'conversion_pct',
  'deposits',
  'deposit_count',
  'withdrawals',
  'stakes',
  'wins',
  'ggr',
  'bonus_granted',
  'bonus_converted',
  'ngr',
  'hold_pct',
  'sportsbook_margin_pct',
  'open_bets',
  'voided_stakes',
  'player_balances_open',
  'player_balances_close',
  'difference',
];

const MOVEMENT_HEADER = [
  'period',
  'group',
  'line',
  'kind',
  'real_money',
  'bonus_money',
  'amount',
  'count',
  'house',
];
/** A period's reconciliation as lines: the balances, each movement (house money marked), the difference. */
const movementRows = (period: string, p: TFigures, cashier: boolean): unknown[][] => {
  const b = p.balances;
  if (!cashier || b.days.length === 0) return [];
  const line = (l: TMovementLine, house: boolean) => [
    period,
    l.group,
    l.label,
    l.key,
    major(l.real),
    major(l.bonus),
    major(l.total),
    l.count,
    house ? 'yes' : 'no',
  ];
  return [
    [period, 'balances', 'Balances at the start', '', '', '', major(b.opening), '', 'no'],
    ...b.lines.map((l) => line(l, false)),
    [period, 'balances', 'Balances at the end', '', '', '', major(b.closing), '', 'no'],
    [period, 'balances', 'Difference', '', '', '', major(b.difference), '', 'no'],
    ...b.house.map((l) => line(l, true)),
  ];
};

export const reportsArea: TRouteArea = (admin, kit, ctx) => {
  const load = async (query: Record<string, string | undefined>) => {
    const dims = await reportDimensions(ctx.db);
    const today = dayOf(ctx.providers.clock.now());
    const { filter, problems } = parseReportFilter(query, today, dims.currencies);
    return { dims, today, filter, problems };
  };

  admin.get('/reports', async (request, reply) => {
    await kit.need(request, 'reports.read');
    const { dims, today, filter, problems } = await load(queryOf(request));
    const [{ periods, total }, games] = await Promise.all([
      reportFigures(ctx.db, filter),
      gameFigures(ctx.db, filter),
    ]);
    return kit.render(
      request,
      reply,
      'Reports',
      'reports',
      reportsBody({
        filter,
        problems,
        dims,
        periods,
        total,
        games,
        playFilter: hasPlayFilter(filter),
        canRecompute: kit.allowed(request)('reports.recompute'),
        csrf: kit.csrfOf(request),
        today,
      }),
    );
  });

  admin.get('/reports/export.csv', async (request, reply) => {
    await kit.need(request, 'reports.read');
    const query = queryOf(request);
    const { filter } = await load(query);
    const cashier = !hasPlayFilter(filter);
    let body: string;
    if (query.table === 'games') {
      const games = await gameFigures(ctx.db, filter);
      body = toCsv(
        [
          'game',
          'name',
          'provider',
          'kind',
          'rounds',
          'stakes',
          'wins',
          'ggr',
          'rtp_actual_pct',
          'rtp_theoretical_pct',
          'mean_return_pct',
          'z',
          'flagged',
        ],
        games.map((g) => [
          g.game,
          g.name,
          g.provider,
          g.kind,
          g.rounds,
          major(g.stakes),
          major(g.wins),
          major(g.ggr),
          g.rtpActual.toFixed(2),
          g.rtpTheoretical?.toFixed(2) ?? '',
          g.meanReturn?.toFixed(4) ?? '',
          g.z === null ? '' : g.z.toFixed(3),
          g.flagged ? 'yes' : 'no',
        ]),
      );
    } else if (query.table === 'movements') {
      const { periods, total } = await reportFigures(ctx.db, filter);
      body = toCsv(MOVEMENT_HEADER, [
        ...periods.flatMap((p) => movementRows(p.period, p, cashier)),
        ...movementRows('total', total, cashier),
      ]);
    } else {
      const { periods, total } = await reportFigures(ctx.db, filter);
      body = toCsv(PERIOD_HEADER, [
        ...periods.map((p) => periodRow(p, cashier)),
        periodRow({ ...total, period: 'total' }, cashier),
      ]);
    }
    const table = query.table === 'games' || query.table === 'movements' ? query.table : filter.period;
    const name = `report-${table}-${filter.currency}-${filter.from}-${filter.to}.csv`;
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(body);
  });

  admin.post('/reports/recompute', async (request, reply) => {
    await kit.need(request, 'reports.recompute');
    let day: string;
    try {
      ({ day } = parseForm(ZRecomputeForm, request.body));
    } catch {
      return reply.redirect('/admin/reports?error=day', 303);
    }
    const result = await recomputeReportDay(ctx.db, day, ctx.providers.clock.now());
    await recordAudit(ctx.db, kit.actorOf(request), {
      action: 'reports.recompute',
      target: { type: 'report_day', id: day },
      after: { rows: result.rows },
      at: ctx.providers.clock.now(),
    });
    return reply.redirect(`/admin/reports?from=${day}&to=${day}&ok=recomputed`, 303);
  });
};
