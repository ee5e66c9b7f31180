/** Jackpots in the back-office: the list with live pools, the new-jackpot form and a jackpot's edit form. */
import { GAME_TYPES } from '@casino/contracts/calls/games';
import { badge, csrfField, html, money } from '../../backoffice/index.ts';
import type { TOperatorJackpot } from '../jackpot-admin.ts';
import type { TJackpotInput } from '../jackpots.ts';
import { competitionsTabs } from './tournaments-page.ts';

const percent = (bp: number) => (bp / 100).toFixed(2);
const major = (cents: bigint) => (cents === 0n ? '' : money(cents).replace(/,/g, ''));
const checked = (on: boolean | undefined) => (on ? html`checked` : '');
const problemsBox = (problems: string[]) =>
  problems.length
    ? html`<div class="flash flash-error" role="alert"><strong>Not saved:</strong><ul>${problems.map((p) => html`<li>${p}</li>`)}</ul></div>`
    : '';

export const jackpotsBody = (input: {
  items: TOperatorJackpot[];
  canEdit: boolean;
}) => html`<div class="page-head"><div><h1>Competitions</h1>
<p class="sub">Each tier's pool is a house account on the ledger: seeds + contributions − payouts.</p></div>
${input.canEdit ? html`<a class="btn btn-primary" href="/admin/competitions/jackpots/new">New jackpot</a>` : ''}</div>
${competitionsTabs('jackpots')}
<section class="panel">${
  input.items.length === 0
    ? html`<p class="empty">No jackpots yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Jackpot</th><th scope="col">State</th><th scope="col">Tiers (share · pool · drops by)</th><th scope="col">Counts</th><th scope="col" class="num">Wins</th></tr></thead>
<tbody>${input.items.map(
        (j) => html`<tr data-jackpot="${j.id}">
  <td data-label="Jackpot">${input.canEdit ? html`<a href="/admin/competitions/jackpots/${j.id}">${j.name.en ?? `#${j.id}`}</a>` : (j.name.en ?? `#${j.id}`)} <span class="muted mono">#${j.id}</span></td>
  <td data-label="State">${j.state === 'active' ? badge('active', 'good') : badge('paused', 'warn')}</td>
  <td data-label="Tiers"><ul class="req">${j.tiers.map(
    (t) =>
      html`<li><strong>${t.name}</strong> ${percent(t.contributionBp)}% · ${money(t.pool, j.currency)} <span>· by ${money(t.mustDropBy, j.currency)}</span></li>`,
  )}</ul></td>
  <td data-label="Counts">${j.games.length ? `${j.games.length} games` : 'every game'}${j.gameKinds.length ? ` · ${j.gameKinds.join(', ').replaceAll('_', ' ')}` : ''}${j.minBet > 0n ? ` · from ${money(j.minBet, j.currency)}` : ''}${j.excludedGames.length ? ` · ${j.excludedGames.length} switched off` : ''}</td>
  <td data-label="Wins" class="num">${j.winners}</td></tr>`,
      )}</tbody></table></div>`
}</section>`;

const eligibility = (v: {
  games: string[];
  gameKinds: string[];
  minBet: bigint;
  imageUrl: string | null;
}) => html`
<div class="field"><label for="j-games">Games <span class="muted">(sysnames, comma separated; empty: every game)</span></label><textarea id="j-games" name="games" rows="2" class="mono">${v.games.join(', ')}</textarea></div>
<fieldset><legend>Kinds <span class="muted">(none: every kind)</span></legend><div class="choices">${GAME_TYPES.map(
  (k) =>
    html`<label><input type="checkbox" name="game_kinds" value="${k}" ${checked(v.gameKinds.includes(k))}> ${k.replace('_', ' ')}</label>`,
)}</div></fieldset>
<div class="form-grid">
  <div class="field"><label for="j-min-bet">Qualifying bet</label><input id="j-min-bet" name="min_bet" inputmode="decimal" value="${major(v.minBet)}" placeholder="0.00"></div>
  <div class="field"><label for="j-image">Image address <span class="muted">(optional)</span></label><input id="j-image" name="image_url" value="${v.imageUrl ?? ''}"></div>
</div>`;

export const jackpotNewBody = (input: { values: TJackpotInput; problems: string[]; csrf: string }) => {
  const v = input.values;
  const tiers = [...v.tiers, ...Array(3).fill(null)].slice(0, 3) as (TJackpotInput['tiers'][number] | null)[];
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/competitions/jackpots">Jackpots</a> / New</p><h1>New jackpot</h1></div></div>
${problemsBox(input.problems)}
<form method="post" action="/admin/competitions/jackpots">${csrfField(input.csrf)}
<section class="panel"><div class="form-grid">
  <div class="field"><label for="j-name">Name (English)</label><input id="j-name" name="name" value="${v.name.en ?? ''}" required maxlength="120"></div>
  <div class="field"><label for="j-currency">Currency</label><input id="j-currency" name="currency" value="${v.currency ?? 'USD'}" maxlength="3"></div>
</div>${eligibility({ games: v.games ?? [], gameKinds: v.gameKinds ?? [], minBet: v.minBet ?? 0n, imageUrl: v.imageUrl ?? null })}</section>
<section class="panel" aria-labelledby="j-tiers"><h2 id="j-tiers">Tiers</h2>
<p class="hint">The seed and the must-drop-by ceiling are fixed once created: each cycle's drop point is drawn from them and committed ahead (its hash is public).</p>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Name</th><th scope="col">Share of each stake (%)</th><th scope="col">Seed</th><th scope="col">Must drop by</th></tr></thead>
<tbody>${tiers.map(
    (t, i) => html`<tr>
  <td data-label="Name"><label class="visually-hidden" for="tier-name-${i}">Tier ${i + 1} name</label><input id="tier-name-${i}" name="tier_name" value="${t?.name ?? ''}" placeholder="${['mini', 'major', 'grand'][i]}"></td>
  <td data-label="Share (%)"><label class="visually-hidden" for="tier-percent-${i}">Tier ${i + 1} share</label><input id="tier-percent-${i}" name="tier_percent" inputmode="decimal" value="${t ? percent(t.contributionBp) : ''}" placeholder="0.50"></td>
  <td data-label="Seed"><label class="visually-hidden" for="tier-seed-${i}">Tier ${i + 1} seed</label><input id="tier-seed-${i}" name="tier_seed" inputmode="decimal" value="${t ? major(t.seed) : ''}" placeholder="100.00"></td>
  <td data-label="Must drop by"><label class="visually-hidden" for="tier-drop-${i}">Tier ${i + 1} must drop by</label><input id="tier-drop-${i}" name="tier_must_drop_by" inputmode="decimal" value="${t ? major(t.mustDropBy) : ''}" placeholder="500.00"></td></tr>`,
  )}</tbody></table></div></section>
<div class="actions"><button class="btn btn-primary" type="submit">Create jackpot</button><a class="btn btn-secondary" href="/admin/competitions/jackpots">Back</a></div>
</form>`;
};

export const jackpotEditBody = (input: { jackpot: TOperatorJackpot; problems: string[]; csrf: string }) => {
  const j = input.jackpot;
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/competitions/jackpots">Jackpots</a> / #${j.id}</p><h1>${j.name.en ?? `Jackpot #${j.id}`}</h1></div></div>
${problemsBox(input.problems)}
<form method="post" action="/admin/competitions/jackpots/${j.id}">${csrfField(input.csrf)}
<section class="panel"><div class="form-grid">
  <div class="field"><label for="j-name">Name (English)</label><input id="j-name" name="name" value="${j.name.en ?? ''}" required maxlength="120"></div>
  <div class="field"><label for="j-state">State</label><select id="j-state" name="state"><option value="active" ${j.state === 'active' ? html`selected` : ''}>Active: stakes feed it</option><option value="paused" ${j.state === 'paused' ? html`selected` : ''}>Paused: no contributions, no drops</option></select></div>
</div>${eligibility(j)}</section>
<section class="panel" aria-labelledby="j-tiers"><h2 id="j-tiers">Tiers (${j.currency})</h2>
<div class="table-wrap"><table><thead><tr><th scope="col">Tier</th><th scope="col">Share of each stake (%)</th><th scope="col" class="num">Pool now</th><th scope="col" class="num">Seed</th><th scope="col" class="num">Must drop by</th></tr></thead>
<tbody>${j.tiers.map(
    (t) => html`<tr><th scope="row">${t.name}</th>
  <td><label class="visually-hidden" for="tier-${t.id}">${t.name} share</label><input id="tier-${t.id}" name="tier_percent_${t.id}" inputmode="decimal" value="${percent(t.contributionBp)}"></td>
  <td class="num">${money(t.pool, j.currency)}</td><td class="num">${money(t.seed, j.currency)}</td><td class="num">${money(t.mustDropBy, j.currency)}</td></tr>`,
  )}</tbody></table></div></section>
<div class="actions"><button class="btn btn-primary" type="submit">Save changes</button><a class="btn btn-secondary" href="/admin/competitions/jackpots">Back</a></div>
</form>`;
};
