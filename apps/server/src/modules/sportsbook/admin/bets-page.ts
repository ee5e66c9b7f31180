/**
 * The desk's bet list: by bet id, player (id or login), event, sport, status and placing dates, each bet with its
 * player's login and its legs named (event, market, outcome); the same search as CSV.
 */

import { badge, type Html, html, money, pager, time } from '../../backoffice/index.ts';
import { BET_STATUSES, type TAdminBet, type TAdminLeg } from './bet-list.ts';
import { deskTabs, oddsText, problemBox } from './events-page.ts';

const BET_TONE: Record<string, 'neutral' | 'good' | 'warn' | 'bad' | 'info'> = {
  open: 'info',
  won: 'good',
  lost: 'bad',
  void: 'neutral',
  cashed_out: 'warn',
  cancelled: 'neutral',
};
const betBadge = (status: string) => badge(status.replaceAll('_', ' '), BET_TONE[status] ?? 'neutral');

export const legResult = (l: TAdminLeg) => {
  if (l.cancelled) return 'cancelled';
  if (l.result === null) return 'open';
  if (l.voidHalves === 2) return 'void';
  return `${l.result === 1 ? 'won' : 'lost'}${l.voidHalves === 1 ? ', half void' : ''}`;
};

const legsList = (bet: TAdminBet): Html =>
  html`<ul class="req">${bet.legs.map(
    (l) =>
      html`<li data-leg><a href="/admin/sportsbook/events/${encodeURIComponent(l.eventId)}">${l.eventName}</a> · ${l.marketName} · <strong>${l.outcomeName}</strong> @ ${oddsText(l.odds)} <span class="muted">${legResult(l)}</span></li>`,
  )}</ul>`;

export interface TBetsSearch {
  bet: string;
  player: string;
  event: string;
  sport: string;
  status: string;
  from: string;
  to: string;
}

export const sportsbookBetsBody = (input: {
  search: TBetsSearch;
  bets: TAdminBet[];
  page: number;
  hasMore: boolean;
  problems: string[];
  sports: string[];
}) => {
  const s = input.search;
  return html`<div class="page-head">
  <div><h1>Sportsbook</h1><p class="sub">Find bets by id, player, event, sport, status or date; newest first.</p></div>
</div>
${deskTabs('bets')}
${problemBox(input.problems)}
<section class="panel">
  <form class="filters" method="get" action="/admin/sportsbook/bets" role="search" aria-label="Bet search">
    <div class="field"><label for="b-bet">Bet id</label><input id="b-bet" name="bet" inputmode="numeric" value="${s.bet}" maxlength="15"></div>
    <div class="field"><label for="b-player">Player id or login</label><input id="b-player" name="player" value="${s.player}" maxlength="100"></div>
    <div class="field"><label for="b-event">Event id</label><input id="b-event" name="event" value="${s.event}" maxlength="100"></div>
    <div class="field"><label for="b-sport">Sport</label><select id="b-sport" name="sport"><option value="">All sports</option>${input.sports.map(
      (sp) =>
        html`<option value="${sp}" ${sp === s.sport ? 'selected' : ''}>${sp.replaceAll('_', ' ')}</option>`,
    )}</select></div>
    <div class="field"><label for="b-from">Placed from</label><input id="b-from" name="from" type="date" value="${s.from}"></div>
    <div class="field"><label for="b-to">Placed to</label><input id="b-to" name="to" type="date" value="${s.to}"></div>
    <div class="field"><label for="b-status">Status</label><select id="b-status" name="status"><option value="">Any</option>${BET_STATUSES.map(
      (st) =>
        html`<option value="${st}" ${st === s.status ? 'selected' : ''}>${st.replaceAll('_', ' ')}</option>`,
    )}</select></div>
    <button class="btn btn-primary" type="submit">Search</button>
    <a class="btn btn-secondary" href="/admin/sportsbook/bets.csv?${new URLSearchParams(Object.entries(s).filter(([, v]) => v)).toString()}">Export CSV</a>
  </form>
</section>
<section class="panel" aria-labelledby="bets-title">
  <h2 id="bets-title">Bets</h2>
  ${
    input.bets.length === 0
      ? html`<p class="empty">No bets match.</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Bet</th><th scope="col">Player</th><th scope="col">Type</th><th scope="col">Selections</th><th scope="col" class="num">Stake</th><th scope="col" class="num">Potential</th><th scope="col" class="num">Paid</th><th scope="col">Status</th></tr></thead>
    <tbody>${input.bets.map(
      (b) => html`<tr data-bet="${b.id}">
      <td data-label="Bet" class="nowrap"><span class="mono">#${b.id}</span><div class="muted">${time(b.placedAt)}</div></td>
      <td data-label="Player"><a href="/admin/sportsbook/players/${b.playerId}">${b.playerName || `#${b.playerId}`}</a> <span class="muted mono">#${b.playerId}</span></td>
      <td data-label="Type">${b.type}${b.systemName ? html` <span class="muted">${b.systemName}</span>` : ''}${b.isLive ? html` ${badge('live', 'good')}` : ''}${b.lines > 1 ? html`<div class="muted">${b.lines} lines of ${money(b.stake, b.currency)}</div>` : ''}</td>
      <td data-label="Selections">${legsList(b)}</td>
      <td data-label="Stake" class="num">${money(b.totalStake, b.currency)}</td>
      <td data-label="Potential" class="num">${money(b.potentialPayout, b.currency)}</td>
      <td data-label="Paid" class="num">${b.status === 'open' ? html`<span class="muted">—</span>` : money(b.payout, b.currency)}</td>
      <td data-label="Status">${betBadge(b.status)}${b.settledAt ? html`<div class="muted">${time(b.settledAt)}</div>` : ''}</td>
    </tr>`,
    )}</tbody></table></div>`
  }
  ${pager('/admin/sportsbook/bets', { ...s }, input.page, input.hasMore)}
</section>`;
};
