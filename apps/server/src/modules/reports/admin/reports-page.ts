/** The report dashboard: filters, headline figures, charts, the figures per period and RTP per game. */
import { badge, barChart, csrfField, dateTime, type Html, html, money } from '../../backoffice/index.ts';
import { GROUP_LABELS } from '../movement-lines.ts';
import type { TMovementLine, TReconciliation } from '../reconciliation-queries.ts';
import { filterQuery, type TReportFilter } from '../report-filter.ts';
import type { TFigures, TGameFigures } from '../report-queries.ts';

export interface TReportsInput {
  filter: TReportFilter;
  problems: string[];
  dims: {
    currencies: string[];
    countries: string[];
    providers: string[];
    kinds: string[];
    games: string[];
    lastComputed: Date | null;
  };
  periods: TFigures[];
  total: TFigures;
  games: TGameFigures[];
  playFilter: boolean;
  canRecompute: boolean;
  csrf: string;
  today: string;
}

export const pct = (value: number) => `${value.toFixed(2)} %`;

const select = (name: string, label: string, value: string, options: string[], any = 'All') =>
  html`<div class="field"><label for="f-${name}">${label}</label><select id="f-${name}" name="${name}">
  ${any ? html`<option value="">${any}</option>` : ''}
  ${options.map((o) => html`<option value="${o}" ${o === value ? html`selected` : ''}>${o}</option>`)}
</select></div>`;

const filters = (input: TReportsInput) => {
  const f = input.filter;
  const currencies = input.dims.currencies.includes(f.currency)
    ? input.dims.currencies
    : [f.currency, ...input.dims.currencies];
  return html`<form class="filters" method="get" action="/admin/reports" aria-label="Report filters">
  <div class="field"><label for="f-from">From</label><input id="f-from" name="from" type="date" value="${f.from}"></div>
  <div class="field"><label for="f-to">To</label><input id="f-to" name="to" type="date" value="${f.to}"></div>
  ${select('period', 'Per', f.period, ['day', 'week', 'month'], '')}
  ${select('currency', 'Currency', f.currency, currencies, '')}
  ${select('product', 'Product', f.product ?? '', ['casino', 'betting'])}
  ${select('kind', 'Game kind', f.gameKind ?? '', input.dims.kinds)}
  ${select('provider', 'Provider', f.provider ?? '', input.dims.providers)}
  ${select('game', 'Game', f.game ?? '', input.dims.games)}
  ${select('country', 'Country', f.country ?? '', input.dims.countries)}
  <button class="btn btn-primary" type="submit">Show</button>
</form>`;
};

const cashier = (input: TReportsInput, value: string) =>
  input.playFilter ? html`<span class="muted" title="Not attributable to a game or product">—</span>` : value;

const headline = (input: TReportsInput) => {
  const t = input.total;
  const c = input.filter.currency;
  const stat = (label: string, value: string | Html, hint = '') =>
    html`<div class="stat"><dt>${label}</dt><dd>${value}</dd>${hint ? html`<dd class="hint">${hint}</dd>` : ''}</div>`;
  return html`<dl class="stats" aria-label="Totals of the range">
  ${stat('GGR', money(t.ggr, c), `hold ${pct(t.holdPercent)} · settled play only`)}
  ${stat('NGR', money(t.ngr, c), `bonus converted ${money(t.bonusConverted, c)}`)}
  ${stat('Stakes', money(t.stakes, c), `wins ${money(t.wins, c)}`)}
  ${stat('Active players', String(t.activePlayers))}
  ${stat('Deposits', cashier(input, money(t.deposits, c)), input.playFilter ? '' : `${t.depositCount} payments`)}
  ${stat('Withdrawals', cashier(input, money(t.withdrawals, c)))}
  ${stat('Registrations', String(t.registrations), `first deposits ${t.firstDeposits} (${pct(t.conversion * 100)})`)}
  ${stat('Sportsbook margin', pct(t.sportsbookMargin))}
  ${stat('Open bets', money(t.openBets, c), 'stakes not settled at the end of the range: a liability, not in GGR')}
  ${stat('Voided stakes', money(t.voidedStakes, c), 'sportsbook bets voided or cancelled: refunded, not turnover')}
</dl>`;
};

const charts = (input: TReportsInput) => {
  const labels = input.periods.map((p) => p.period);
  const major = (cents: bigint) => Number(cents) / 100;
  const fmt = (v: number) => money(BigInt(Math.round(v * 100)), input.filter.currency).replace(/\.00$/, '');
  // Empty axes from $0 to $1 read as a broken chart; say there is nothing to draw instead.
  if (input.periods.length === 0) return html`<p class="empty">No figures in this range to chart.</p>`;
  return html`<div class="chart-grid">
${barChart({
  title: 'GGR and NGR',
  labels,
  series: [
    { name: 'GGR', color: '#2f6fed', values: input.periods.map((p) => major(p.ggr)) },
    { name: 'NGR', color: '#1d7a46', values: input.periods.map((p) => major(p.ngr)) },
  ],
  format: fmt,
})}
${
  input.playFilter
    ? ''
    : barChart({
        title: 'Deposits and withdrawals',
        labels,
        series: [
          { name: 'Deposits', color: '#7b61ff', values: input.periods.map((p) => major(p.deposits)) },
          { name: 'Withdrawals', color: '#e8772e', values: input.periods.map((p) => major(p.withdrawals)) },
        ],
        format: fmt,
      })
}
</div>`;
};

const PERIOD_HEADS: Record<string, string> = { day: 'Day', week: 'Week', month: 'Month' };

const periodTable = (input: TReportsInput) => {
  const c = input.filter.currency;
  const row = (p: TFigures, head = false) => html`<tr${head ? html` class="total"` : ''}>
  <th scope="row" class="nowrap">${p.period}</th>
  <td class="num">${p.activePlayers}</td><td class="num">${p.registrations}</td>
  <td class="num">${p.firstDeposits}</td><td class="num">${pct(p.conversion * 100)}</td>
  <td class="num">${cashier(input, money(p.deposits, c))}</td><td class="num">${cashier(input, money(p.withdrawals, c))}</td>
  <td class="num">${money(p.stakes, c)}</td><td class="num">${money(p.wins, c)}</td><td class="num">${money(p.ggr, c)}</td>
  <td class="num">${money(p.bonusGranted, c)}</td><td class="num">${money(p.bonusConverted, c)}</td>
  <td class="num">${money(p.ngr, c)}</td><td class="num">${pct(p.holdPercent)}</td><td class="num">${pct(p.sportsbookMargin)}</td>
  <td class="num">${money(p.openBets, c)}</td>
  <td class="num">${p.balances.days.length === 0 ? '—' : cashier(input, money(p.balances.difference, c))}</td>
</tr>`;
  // Outside the table: inside, the message is centred in a row wider than a phone and scrolls out of sight.
  if (input.periods.length === 0) return html`<p class="empty">No figures in this range.</p>`;
  return html`<div class="table-wrap"><table class="report">
<thead><tr><th scope="col">${PERIOD_HEADS[input.filter.period] ?? input.filter.period}</th><th scope="col" class="num">Active</th><th scope="col" class="num">Registr.</th>
<th scope="col" class="num">First dep.</th><th scope="col" class="num">Conv.</th><th scope="col" class="num">Deposits</th>
<th scope="col" class="num">Withdr.</th><th scope="col" class="num">Stakes</th><th scope="col" class="num">Wins</th>
<th scope="col" class="num">GGR</th><th scope="col" class="num">Bonus granted</th><th scope="col" class="num">Bonus conv.</th>
<th scope="col" class="num">NGR</th><th scope="col" class="num">Hold</th><th scope="col" class="num">SB margin</th>
<th scope="col" class="num">Open bets</th><th scope="col" class="num">Balances diff.</th></tr></thead>
<tbody>${input.periods.map((p) => row(p))}</tbody>
<tfoot>${row({ ...input.total, period: 'Total' }, true)}</tfoot>
</table></div>`;
};

/*
 * The balances and house tables are cards on a phone (admin.css, table.cards): each row's name is its card's title
 * and each figure carries its column's name (data-label); `total` is the fourth column's ("Player balances" or
 * "Amount"). An empty cell is left out of the card.
 */
const lineRow = (l: TMovementLine, c: string, total: string, house = false) =>
  html`<tr data-line="${l.key}"><th scope="row">${l.label}</th><td data-label="Real money" class="num">${house ? '' : money(l.real, c)}</td><td data-label="Bonus money" class="num">${house ? '' : money(l.bonus, c)}</td><td data-label="${total}" class="num">${money(l.total, c)}</td><td data-label="Count" class="num">${l.count}</td></tr>`;

const grouped = (lines: TMovementLine[], c: string, total: string, house = false) =>
  lines.map(
    (l, i) =>
      html`${
        i === 0 || lines[i - 1]?.group !== l.group
          ? html`<tr class="group"><th scope="rowgroup" colspan="5">${GROUP_LABELS[l.group]}</th></tr>`
          : ''
      }${lineRow(l, c, total, house)}`,
  );

const sumRow = (label: string, cents: bigint, c: string, total: string) =>
  html`<tr class="total"><th scope="row">${label}</th><td></td><td></td><td data-label="${total}" class="num">${money(cents, c)}</td><td></td></tr>`;

/** The players' balances at the start, each kind of movement, the balances at the end and the difference. */
const balancesPanel = (input: TReportsInput) => {
  const c = input.filter.currency;
  const r: TReconciliation = input.total.balances;
  const csv = `/admin/reports/export.csv?${filterQuery(input.filter, { table: 'movements' })}`;
  const head = html`<h2 id="balances-title">Players’ balances (main + bonus + betting bonus) <a class="btn btn-secondary btn-sm" href="${csv}">CSV</a></h2>`;
  if (input.playFilter)
    return html`${head}<p class="muted">A game, provider, kind or product is chosen: player balances belong to no game or product and are not shown.</p>`;
  if (r.days.length === 0)
    return html`${head}<p class="empty">No day of this range is aggregated with its balances yet (recompute a day).</p>`;
  const first = r.days[0] ?? '';
  const last = r.days.at(-1) ?? '';
  const cols = (
    what: string,
  ) => html`<thead><tr><th scope="col">Movement</th><th scope="col" class="num">Real money</th>
<th scope="col" class="num">Bonus money</th><th scope="col" class="num">${what}</th><th scope="col" class="num">Count</th></tr></thead>`;
  return html`${head}
<p class="muted">Measured from the ledger at the start of ${first} and at the end of ${last} (demo money left out); every kind of movement in between has its line. The difference is 0 when the report holds every movement: a day aggregated before a late movement shows one until it is recomputed.</p>
<div class="table-wrap"><table class="report balances cards">${cols('Player balances')}
<tbody>${sumRow(`Balances at the start of ${first}`, r.opening, c, 'Player balances')}${grouped(r.lines, c, 'Player balances')}
${sumRow(`Balances at the end of ${last}`, r.closing, c, 'Player balances')}</tbody>
<tfoot>${sumRow('Difference', r.difference, c, 'Player balances')}</tfoot>
</table></div>
${
  r.house.length === 0
    ? ''
    : html`<h3>House money beside the players’ (in no player balance)</h3>
<div class="table-wrap"><table class="report cards">${cols('Amount')}<tbody>${grouped(r.house, c, 'Amount', true)}</tbody></table></div>`
}`;
};

const gamesTable = (input: TReportsInput) => {
  const c = input.filter.currency;
  if (input.games.length === 0) return html`<p class="empty">No rounds in this range.</p>`;
  return html`<div class="table-wrap"><table class="report">
<thead><tr><th scope="col">Game</th><th scope="col">Provider</th><th scope="col">Kind</th><th scope="col" class="num">Rounds</th>
<th scope="col" class="num">Stakes</th><th scope="col" class="num">GGR</th>
<th scope="col" class="num">RTP actual</th><th scope="col" class="num">RTP theory</th><th scope="col" class="num">z</th><th scope="col">Deviation</th></tr></thead>
<tbody>${input.games.map(
    (g) => html`<tr data-game="${g.game}">
  <th scope="row"><a href="/admin/reports?${filterQuery({ ...input.filter, game: g.game })}">${g.name}</a></th><td>${g.provider}</td><td>${g.kind}</td>
  <td class="num">${g.rounds}</td><td class="num">${money(g.stakes, c)}</td>
  <td class="num">${money(g.ggr, c)}</td><td class="num">${pct(g.rtpActual)}</td>
  <td class="num">${g.rtpTheoretical === null ? '—' : pct(g.rtpTheoretical)}</td>
  <td class="num">${g.z === null ? '—' : Number.isFinite(g.z) ? g.z.toFixed(2) : '∞'}</td>
  <td>${g.flagged ? badge('investigate', 'bad') : g.z === null || g.rounds < 100 ? badge('too few rounds') : badge('normal', 'good')}</td>
</tr>`,
  )}</tbody></table></div>`;
};

export const reportsBody = (input: TReportsInput) => {
  const q = (table: string) => `/admin/reports/export.csv?${filterQuery(input.filter, { table })}`;
  return html`<div class="page-head">
  <div><h1>Reports</h1><p class="sub">Daily aggregates of the ledger and the rounds · ${input.filter.currency} only · ${
    input.dims.lastComputed
      ? `figures up to ${dateTime(input.dims.lastComputed)}`
      : 'no figures computed yet (today’s are rebuilt every minute)'
  }</p></div>
</div>
${input.problems.length ? html`<div class="flash flash-error" role="alert">${input.problems.join(' ')}</div>` : ''}
<section class="panel">${filters(input)}</section>
${headline(input)}
<section class="panel">${charts(input)}</section>
<section class="panel" aria-labelledby="periods-title">
  <h2 id="periods-title">Per ${input.filter.period} <a class="btn btn-secondary btn-sm" href="${q('periods')}">CSV</a></h2>
  ${input.playFilter ? html`<p class="muted">A game, provider, kind or product is chosen: deposits and withdrawals belong to no game or product and are not shown.</p>` : ''}
  ${periodTable(input)}
</section>
<section class="panel" aria-labelledby="balances-title">${balancesPanel(input)}</section>
<section class="panel" aria-labelledby="games-title">
  <h2 id="games-title">RTP per game <a class="btn btn-secondary btn-sm" href="${q('games')}">CSV</a></h2>
  <p class="muted">RTP actual is wins ÷ stakes. z compares the mean return per round with the theoretical RTP in standard errors of the observed rounds; |z| ≥ 3 over 100 rounds or more is flagged.</p>
  ${gamesTable(input)}
</section>
${
  input.canRecompute
    ? html`<section class="panel" aria-labelledby="recompute-title"><h2 id="recompute-title">Recompute a day</h2>
  <form method="post" action="/admin/reports/recompute" class="filters">${csrfField(input.csrf)}
    <div class="field"><label for="r-day">Day</label><input id="r-day" name="day" type="date" value="${input.today}" required></div>
    <button class="btn btn-secondary" type="submit">Recompute from the ledger</button>
  </form></section>`
    : ''
}`;
};
