/**
 * Debts on the sportsbook desk (what settlement rollbacks could not take back; deposits repay them first) and a
 * player's betting limits: the stake factor an operator sets and the limits it makes.
 */
import { DEFAULT_CURRENCY } from '@casino/contracts';
import { badge, csrfField, dateTime, html, money, pager, time } from '../../backoffice/index.ts';
import type { playerLimits, TDebt } from './bet-queries.ts';
import { deskTabs } from './events-page.ts';

const DEBT_TABS = [
  { id: 'open', label: 'Owed' },
  { id: 'repaid', label: 'Repaid' },
  { id: 'all', label: 'All' },
];

const debtsTable = (debts: TDebt[]) =>
  debts.length === 0
    ? html`<p class="empty">No debts here.</p>`
    : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Since</th><th scope="col">Player</th><th scope="col">Bet</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Still owed</th><th scope="col">Status</th></tr></thead>
    <tbody>${debts.map(
      (d) => html`<tr data-debt="${d.id}">
      <td data-label="Since" class="nowrap">${time(d.createdAt)}</td>
      <td data-label="Player"><a href="/admin/sportsbook/players/${d.playerId}">#${d.playerId}</a></td>
      <td data-label="Bet"><a class="mono" href="/admin/sportsbook/bets?bet=${d.betId}">#${d.betId}</a></td>
      <td data-label="Amount" class="num">${money(d.amount, d.currency)}</td>
      <td data-label="Still owed" class="num"><strong>${money(d.remaining, d.currency)}</strong></td>
      <td data-label="Status">${d.remaining > 0n ? badge('owed', 'warn') : html`${badge('repaid', 'good')} <span class="muted">${dateTime(d.repaidAt)}</span>`}</td>
    </tr>`,
    )}</tbody></table></div>`;

export const sportsbookDebtsBody = (input: {
  status: string;
  debts: TDebt[];
  outstanding: bigint;
  owingPlayers: number;
  page: number;
  hasMore: boolean;
}) => html`<div class="page-head">
  <div><h1>Sportsbook</h1><p class="sub">When a settlement is rolled back or corrected after the player spent the winnings, the balance goes to zero and the rest is owed; the player's next deposits repay it first.</p></div>
</div>
${deskTabs('debts')}
<dl class="stats">
  <div class="stat"><dt>Owed in total</dt><dd>${money(input.outstanding, DEFAULT_CURRENCY)}</dd></div>
  <div class="stat"><dt>Players owing</dt><dd>${input.owingPlayers}</dd></div>
</dl>
<nav aria-label="Debt status"><ul class="tabs">${DEBT_TABS.map(
  (t) =>
    html`<li><a href="/admin/sportsbook/debts?status=${t.id}" ${t.id === input.status ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
)}</ul></nav>
<section class="panel" aria-labelledby="debts-title">
  <h2 id="debts-title" class="visually-hidden">Debts</h2>
  ${debtsTable(input.debts)}
  ${pager('/admin/sportsbook/debts', { status: input.status }, input.page, input.hasMore)}
</section>`;

const factorText = (thousandths: bigint) => (Number(thousandths) / 1000).toString();

export const sportsbookPlayerBody = (input: {
  player: { id: number; login: string; currency: string };
  limits: Awaited<ReturnType<typeof playerLimits>>;
  debts: TDebt[];
  owed: bigint;
  csrf: string;
  canEdit: boolean;
}) => {
  const { player: p, limits: l } = input;
  return html`<div class="page-head">
  <div><p class="sub"><a href="/admin/sportsbook">Sportsbook</a> / player #${p.id}</p><h1>${p.login} <span class="muted">betting limits</span></h1>
  <p class="sub"><a href="/admin/players/${p.id}">Player's page</a> · <a href="/admin/sportsbook/bets?player=${p.id}">Their bets</a></p></div>
</div>
<section class="panel" aria-labelledby="limits-title">
  <h2 id="limits-title">Stake factor ${factorText(l.factor)} <span class="muted">${l.updatedAt ? `set ${dateTime(l.updatedAt)}` : 'the book’s default'}</span></h2>
  <dl class="stats">
    <div class="stat"><dt>Most per bet</dt><dd>${money(l.maxStakePerBet, p.currency)}</dd></div>
    <div class="stat"><dt>Most open per event</dt><dd>${money(l.maxStakePerEvent, p.currency)}</dd></div>
    <div class="stat"><dt>Least per line</dt><dd>${money(l.minStake, p.currency)}</dd></div>
    <div class="stat"><dt>Most payout per bet</dt><dd>${money(l.maxPayout, p.currency)}</dd></div>
    <div class="stat"><dt>Open bets</dt><dd>${l.openBets} <span class="muted">${money(l.openStake, p.currency)}</span></dd></div>
    <div class="stat"><dt>Owed</dt><dd>${money(input.owed, p.currency)}</dd></div>
  </dl>
  ${
    input.canEdit
      ? html`<form method="post" action="/admin/sportsbook/players/${p.id}/stake-factor">
    ${csrfField(input.csrf)}
    <div class="row gap-below">
      <div class="field"><label for="sf-factor">New stake factor (0 to 100; 1 = the book's limits, 0.5 halves them, 0 stops betting)</label>
        <input id="sf-factor" name="factor" inputmode="decimal" required pattern="[0-9]{1,3}([.][0-9]{1,3})?" value="${factorText(l.factor)}"></div>
      <div class="field"><label for="sf-reason">Reason (recorded in the audit log)</label>
        <input id="sf-reason" name="reason" required minlength="3" maxlength="500"></div>
    </div>
    <button class="btn btn-primary" type="submit">Save stake factor</button>
  </form>`
      : ''
  }
</section>
<section class="panel" aria-labelledby="player-debts-title">
  <h2 id="player-debts-title">Debts</h2>
  ${debtsTable(input.debts)}
</section>`;
};
