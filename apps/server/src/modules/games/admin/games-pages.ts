/** The games pages: the list with live volume and RTP, a game's page (status, bonus contribution, jackpots). */
import { badge, csrfField, html, money } from '../../backoffice/index.ts';
import type { TOperatorGame, TOperatorGameFilter } from '../catalogue/games-admin.ts';
import type { TGameJackpot, TGameVolumes, TVolume } from './game-parts.ts';

export const gamesTabs = (current: 'games' | 'categories') => html`<nav class="tabs" aria-label="Games">
<a href="/admin/games" ${current === 'games' ? html`aria-current="page"` : ''}>Games</a>
<a href="/admin/games/categories" ${current === 'categories' ? html`aria-current="page"` : ''}>Categories and home rows</a></nav>`;

const pct = (n: number | null) => (n === null ? '—' : `${n.toFixed(2)}%`);

export const statusOf = (g: TOperatorGame) =>
  g.isHidden
    ? badge('hidden', 'bad')
    : g.providerHidden
      ? badge('studio hidden', 'warn')
      : badge('visible', 'good');

/** Rounds · stakes · RTP per currency ("—" without rounds). */
const volume = (list: TVolume[] | undefined) =>
  list?.length
    ? list.map(
        (v) =>
          html`<div data-currency="${v.currency}"><span data-rounds>${v.rounds}</span> rounds · <span data-stakes>${money(v.stakes, v.currency)}</span> · RTP <strong data-rtp>${pct(v.rtp)}</strong></div>`,
      )
    : html`<span class="muted">no rounds</span>`;

const option = (value: string, label: string, selected: string | undefined) =>
  html`<option value="${value}" ${selected === value ? html`selected` : ''}>${label}</option>`;

export const gamesListBody = (input: {
  filter: TOperatorGameFilter;
  providers: { sysname: string; name: string }[];
  kinds: string[];
  items: TOperatorGame[];
  volumes: Map<string, TGameVolumes>;
}) => html`<div class="page-head"><div><h1>Games</h1>
<p class="sub">Real-money play: today (UTC, live from the rounds) and the last 30 days (today and the 29 days before; complete days from the daily reports), beside each game's theoretical RTP.</p></div></div>
${gamesTabs('games')}
<section class="panel"><form class="filters" method="get" action="/admin/games" role="search">
  <div class="field"><label for="g-q">Search</label><input id="g-q" name="q" type="search" value="${input.filter.query ?? ''}" maxlength="80"></div>
  <div class="field"><label for="g-provider">Studio</label><select id="g-provider" name="provider">${option('', 'Every studio', input.filter.provider ?? '')}${input.providers.map((p) => option(p.sysname, p.name, input.filter.provider))}</select></div>
  <div class="field"><label for="g-kind">Kind</label><select id="g-kind" name="kind">${option('', 'Every kind', input.filter.kind ?? '')}${input.kinds.map((k) => option(k, k.replace('_', ' '), input.filter.kind))}</select></div>
  <div class="field"><label for="g-status">Status</label><select id="g-status" name="status">${option('', 'Any', input.filter.status ?? '')}${option('visible', 'Visible', input.filter.status)}${option('hidden', 'Hidden', input.filter.status)}</select></div>
  <button class="btn btn-primary" type="submit">Filter</button>
</form></section>
<section class="panel" aria-labelledby="games-found"><h2 id="games-found">${input.items.length} ${input.items.length === 1 ? 'game' : 'games'}</h2>${
  input.items.length === 0
    ? html`<p class="empty">No game matches.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Game</th><th scope="col">Studio</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col" class="num">Theoretical RTP</th><th scope="col">Today</th><th scope="col">Last 30 days</th></tr></thead>
<tbody>${input.items.map(
        (g) => html`<tr data-game="${g.sysname}">
  <td data-label="Game"><a href="/admin/games/${g.sysname}">${g.name}</a> <span class="muted mono">${g.sysname}</span></td>
  <td data-label="Studio">${input.providers.find((p) => p.sysname === g.provider)?.name ?? g.provider}</td>
  <td data-label="Kind">${g.kind.replace('_', ' ')}</td>
  <td data-label="Status">${statusOf(g)}</td>
  <td data-label="Theoretical RTP" class="num">${pct(g.rtp)}</td>
  <td data-label="Today" data-period="today">${volume(input.volumes.get(g.sysname)?.today)}</td>
  <td data-label="Last 30 days" data-period="last30">${volume(input.volumes.get(g.sysname)?.last30)}</td></tr>`,
      )}</tbody></table></div>`
}</section>`;

const REASONS: Record<TGameJackpot['reason'], string> = {
  all: 'every game counts',
  named: 'named by the jackpot',
  excluded: 'switched off for this game',
  not_named: 'the jackpot names other games',
  kind: 'the jackpot takes other kinds only (edit the jackpot)',
};

export const gameBody = (input: {
  game: TOperatorGame;
  volumes: TGameVolumes | undefined;
  contribution: number | null;
  jackpots: TGameJackpot[];
  canEdit: boolean;
  csrf: string;
}) => {
  const g = input.game;
  const action = (path: string) => `/admin/games/${g.sysname}/${path}`;
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/games">Games</a> / ${g.sysname}</p><h1>${g.name}</h1></div></div>
<section class="panel" aria-labelledby="g-status"><h2 id="g-status">Status</h2>
<dl class="facts"><dt>Status</dt><dd data-status>${statusOf(g)}</dd><dt>Studio</dt><dd>${g.provider}</dd><dt>Kind</dt><dd>${g.kind}</dd>
<dt>Categories</dt><dd>${g.categories.join(', ') || '—'}</dd><dt>Theoretical RTP</dt><dd>${pct(g.rtp)}</dd></dl>
<p class="hint">A hidden game leaves the game hall, search and the home rows, and cannot be played (open rounds still settle).</p>
${
  input.canEdit
    ? html`<form method="post" action="${action('visibility')}">${csrfField(input.csrf)}<input type="hidden" name="hidden" value="${g.isHidden ? '0' : '1'}">
<button class="btn ${g.isHidden ? 'btn-primary' : 'btn-danger'}" type="submit">${g.isHidden ? 'Show the game' : 'Hide the game'}</button></form>`
    : ''
}</section>
<section class="panel" aria-labelledby="g-volume"><h2 id="g-volume">Live RTP and volume</h2>
<dl class="facts"><dt>Today (UTC)</dt><dd data-period="today">${volume(input.volumes?.today)}</dd>
<dt>Last 30 days</dt><dd data-period="last30">${volume(input.volumes?.last30)}</dd>
<dt>Theoretical</dt><dd>${pct(g.rtp)}</dd></dl></section>
<section class="panel" aria-labelledby="g-bonus"><h2 id="g-bonus">Bonus contribution</h2>
<p class="hint">The share of a stake on this game that counts towards every bonus's wagering. A template's own figure for this game still wins; empty: each template decides by the game's kind.</p>
${
  input.canEdit
    ? html`<form method="post" action="${action('contribution')}">${csrfField(input.csrf)}
<div class="field"><label for="g-contribution">Contribution (%, whole number 0–100)</label><input id="g-contribution" name="contribution" inputmode="numeric" value="${input.contribution ?? ''}" maxlength="3"></div>
<div class="actions"><button class="btn btn-primary" type="submit">Save contribution</button></div></form>`
    : html`<p data-contribution>${input.contribution === null ? 'By the templates' : `${input.contribution}%`}</p>`
}</section>
<section class="panel" aria-labelledby="g-jackpots"><h2 id="g-jackpots">Jackpots</h2>${
    input.jackpots.length === 0
      ? html`<p class="empty">No jackpots.</p>`
      : html`<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Jackpot</th><th scope="col">Stakes on this game</th><th scope="col">Why</th>${input.canEdit ? html`<th scope="col">Change</th>` : ''}</tr></thead>
<tbody>${input.jackpots.map(
          (
            j,
          ) => html`<tr data-jackpot="${j.id}"><td data-label="Jackpot">${j.name} <span class="muted">${j.currency}${j.state === 'active' ? '' : ' · paused'}</span></td>
<td data-label="Stakes">${j.eligible ? badge('feed it', 'good') : badge('do not feed it', 'neutral')}</td><td data-label="Why">${REASONS[j.reason]}</td>${
            input.canEdit
              ? html`<td data-label="Change"><form method="post" action="${action(`jackpots/${j.id}`)}">${csrfField(input.csrf)}<input type="hidden" name="eligible" value="${j.eligible ? '0' : '1'}"><button class="btn btn-secondary btn-sm" type="submit">${j.eligible ? 'Switch off' : 'Switch on'}</button></form></td>`
              : ''
          }</tr>`,
        )}</tbody></table></div>`
  }</section>`;
};
