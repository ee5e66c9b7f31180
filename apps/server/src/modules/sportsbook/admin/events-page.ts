/** The sportsbook desk: its tabs, and the events list with open bets, stakes and the worst outcome's liability. */
import { DEFAULT_CURRENCY } from '@casino/contracts';
import { badge, type Html, html, money, pager, time } from '../../backoffice/index.ts';
import type { TAdminEvent, TEventFilter } from './event-queries.ts';

export type TDeskTab = 'events' | 'bets' | 'debts' | 'limits';

const DESK_TABS: { id: TDeskTab; label: string; href: string }[] = [
  { id: 'events', label: 'Events and markets', href: '/admin/sportsbook' },
  { id: 'bets', label: 'Bets', href: '/admin/sportsbook/bets' },
  { id: 'debts', label: 'Debts', href: '/admin/sportsbook/debts' },
  { id: 'limits', label: 'Margins and limits', href: '/admin/sportsbook/limits' },
];

export const deskTabs = (current: TDeskTab) =>
  html`<nav aria-label="Sportsbook"><ul class="tabs">${DESK_TABS.map(
    (t) =>
      html`<li><a href="${t.href}" ${t.id === current ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>`;

/** A problem with what the page was asked (a filter it could not read): shown, the rest of the page still works. */
export const problemBox = (problems: string[]) =>
  problems.length
    ? html`<div class="flash flash-error" role="alert">${problems.map((p) => html`<div>${p}</div>`)}</div>`
    : '';

/** Odds as the book stores them (thousandths) in decimal: 2.00, 1.857. */
export const oddsText = (thousandths: number) => (thousandths / 1000).toFixed(thousandths % 10 === 0 ? 2 : 3);

const EVENT_TONE: Record<string, 'neutral' | 'good' | 'warn' | 'bad' | 'info'> = {
  not_started: 'info',
  live: 'good',
  suspended: 'warn',
  ended: 'neutral',
  closed: 'neutral',
  cancelled: 'bad',
};
export const eventStatusBadge = (status: string) =>
  badge(status === 'not_started' ? 'pre-match' : status, EVENT_TONE[status] ?? 'neutral');

export const scoreText = (score: { home: number; away: number } | null) =>
  score ? `${score.home}–${score.away}` : '';

const FILTER_TABS: { id: TEventFilter; label: string }[] = [
  { id: 'open', label: 'Open' },
  { id: 'live', label: 'Live' },
  { id: 'prematch', label: 'Pre-match' },
  { id: 'ended', label: 'Ended' },
  { id: 'all', label: 'All' },
];

export const sportsbookEventsBody = (input: {
  filter: TEventFilter;
  sport: string;
  q: string;
  byLiability: boolean;
  sports: string[];
  events: TAdminEvent[];
  page: number;
  hasMore: boolean;
  problems: string[];
}): Html => html`<div class="page-head">
  <div><h1>Sportsbook</h1><p class="sub">Events from the odds feed with what their open bets would cost; open one to suspend, resume, settle or void a market.</p></div>
</div>
${deskTabs('events')}
${problemBox(input.problems)}
<section class="panel">
  <form class="filters" method="get" action="/admin/sportsbook" role="search" aria-label="Event filters">
    <div class="field"><label for="f-status">Status</label><select id="f-status" name="status">${FILTER_TABS.map(
      (f) => html`<option value="${f.id}" ${f.id === input.filter ? 'selected' : ''}>${f.label}</option>`,
    )}</select></div>
    <div class="field"><label for="f-sport">Sport</label><select id="f-sport" name="sport"><option value="">All sports</option>${input.sports.map(
      (s) =>
        html`<option value="${s}" ${s === input.sport ? 'selected' : ''}>${s.replaceAll('_', ' ')}</option>`,
    )}</select></div>
    <div class="field"><label for="f-order">Order</label><select id="f-order" name="order">
      <option value="start">Live first, then by start</option>
      <option value="liability" ${input.byLiability ? 'selected' : ''}>Largest liability first</option>
    </select></div>
    <div class="field"><label for="f-q">Event or team</label><input id="f-q" name="q" type="search" value="${input.q}" maxlength="100" placeholder="sr:match:1, Arsenal…"></div>
    <button class="btn btn-primary" type="submit">Show</button>
  </form>
</section>
<section class="panel" aria-labelledby="events-title">
  <h2 id="events-title">Events</h2>
  ${
    input.events.length === 0
      ? html`<p class="empty">No events match.</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Starts</th><th scope="col">Event</th><th scope="col">Status</th><th scope="col">Markets</th><th scope="col" class="num">Open bets</th><th scope="col" class="num">Open stakes</th><th scope="col" class="num">Worst liability</th></tr></thead>
    <tbody>${input.events.map(
      (e) => html`<tr data-event="${e.id}">
      <td data-label="Starts" class="nowrap">${time(e.startTime)}</td>
      <td data-label="Event"><a href="/admin/sportsbook/events/${encodeURIComponent(e.id)}">${e.name || e.id}</a><div class="muted">${e.sport.replaceAll('_', ' ')} · ${e.tournament} · <span class="mono">${e.id}</span></div></td>
      <td data-label="Status">${eventStatusBadge(e.status)} ${scoreText(e.score)}</td>
      <td data-label="Markets">${e.activeMarkets} active${e.suspendedMarkets ? html` · ${badge(`${e.suspendedMarkets} suspended`, 'warn')}` : ''}</td>
      <td data-label="Open bets" class="num">${e.openBets}</td>
      <td data-label="Open stakes" class="num">${money(e.openStake, DEFAULT_CURRENCY)}</td>
      <td data-label="Worst liability" class="num"><strong>${money(e.maxLiability, DEFAULT_CURRENCY)}</strong></td>
    </tr>`,
    )}</tbody></table></div>`
  }
  ${pager('/admin/sportsbook', { status: input.filter, sport: input.sport, q: input.q, order: input.byLiability ? 'liability' : '' }, input.page, input.hasMore)}
</section>`;
