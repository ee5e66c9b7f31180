/** Tournaments in the back-office: the list, the create/edit form and a tournament's standings with its actions. */

import { TOURNAMENT_SCORINGS } from '@casino/contracts/calls/competitions';
import { GAME_TYPES } from '@casino/contracts/calls/games';
import { badge, csrfField, dateTime, html, money, pager, time } from '../../backoffice/index.ts';
import type { TTournamentInput } from '../create-tournament.ts';
import type { TOperatorStanding, TOperatorTournament } from '../tournament-admin.ts';

const SCORING_TEXT: Record<string, string> = {
  wagered: 'Total wagered',
  won: 'Total won',
  multiplier: 'Biggest win multiplier',
  rounds: 'Number of rounds',
};

/** The operator's view of where a tournament is (open ones by the clock). */
export const tournamentPhase = (
  t: Pick<TOperatorTournament, 'state' | 'starts_at' | 'ends_at'>,
  now: Date,
) => {
  if (t.state !== 'open') return t.state;
  if (t.ends_at <= now) return 'ended';
  return t.starts_at > now ? 'future' : 'active';
};
const PHASE_TONE = {
  active: 'good',
  future: 'info',
  ended: 'warn',
  closing: 'warn',
  finished: 'neutral',
  cancelled: 'bad',
} as const;
const phaseBadge = (phase: keyof typeof PHASE_TONE) => badge(phase, PHASE_TONE[phase]);

export const competitionsTabs = (current: 'tournaments' | 'jackpots') => html`<ul class="tabs">
<li><a href="/admin/competitions" ${current === 'tournaments' ? html`aria-current="page"` : ''}>Tournaments</a></li>
<li><a href="/admin/competitions/jackpots" ${current === 'jackpots' ? html`aria-current="page"` : ''}>Jackpots</a></li>
</ul>`;

export const tournamentsBody = (input: {
  items: TOperatorTournament[];
  hasMore: boolean;
  page: number;
  now: Date;
  canEdit: boolean;
}) => html`<div class="page-head"><div><h1>Competitions</h1>
<p class="sub">Tournaments score the bets of their games as they are played; a cancelled one pays its entry fees back.</p></div>
${input.canEdit ? html`<a class="btn btn-primary" href="/admin/competitions/tournaments/new">New tournament</a>` : ''}</div>
${competitionsTabs('tournaments')}
<section class="panel">${
  input.items.length === 0
    ? html`<p class="empty">No tournaments yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Tournament</th><th scope="col">Status</th><th scope="col">Runs (UTC)</th><th scope="col">Scoring</th><th scope="col" class="num">Entries</th><th scope="col" class="num">Prize pool</th></tr></thead>
<tbody>${input.items.map(
        (t) => html`<tr data-tournament="${t.id}">
  <td data-label="Tournament"><a href="/admin/competitions/tournaments/${t.id}">${t.title.en ?? `#${t.id}`}</a> <span class="muted mono">#${t.id}</span></td>
  <td data-label="Status">${phaseBadge(tournamentPhase(t, input.now))}</td>
  <td data-label="Runs (UTC)" class="nowrap">${dateTime(t.starts_at)} →<br>${dateTime(t.ends_at)}</td>
  <td data-label="Scoring">${SCORING_TEXT[t.scoring]}</td>
  <td data-label="Entries" class="num">${t.entries}</td>
  <td data-label="Prize pool" class="num">${money(
    t.prizes.reduce((s, p) => s + BigInt(p.amount), 0n),
    t.currency,
  )}</td></tr>`,
      )}</tbody></table></div>${pager('/admin/competitions', {}, input.page, input.hasMore)}`
}</section>`;

export interface TTournamentFormInput {
  /** The tournament being edited (absent: a new one). */
  id?: number;
  values: TTournamentInput;
  problems: string[];
  csrf: string;
  providers: string[];
  /** Paid entries fix the fee. */
  feeLocked: boolean;
}

const utcValue = (at: Date) => (at.getTime() > 0 ? at.toISOString().slice(0, 16) : '');
const major = (cents: bigint | number | undefined) =>
  cents === undefined || BigInt(cents) === 0n ? '' : money(BigInt(cents)).replace(/,/g, '');
const checked = (on: boolean | undefined) => (on ? html`checked` : '');

export const tournamentFormBody = (input: TTournamentFormInput) => {
  const v = input.values;
  const action = input.id ? `/admin/competitions/tournaments/${input.id}` : '/admin/competitions/tournaments';
  const rows = Math.min(50, Math.max(5, ...v.prizes.map((p) => p.place + 2)));
  const prizeAt = (i: number) => v.prizes.find((p) => p.place === i + 1)?.amount;
  const prizeTypeAt = (i: number) => v.prizes.find((p) => p.place === i + 1)?.type;
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/competitions">Competitions</a> / ${input.id ? html`<a href="/admin/competitions/tournaments/${input.id}">#${input.id}</a> / Edit` : 'New tournament'}</p>
<h1>${input.id ? `Edit ${v.title.en ?? ''}` : 'New tournament'}</h1></div></div>
${input.problems.length ? html`<div class="flash flash-error" role="alert"><strong>Not saved:</strong><ul>${input.problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : ''}
<form method="post" action="${action}">${csrfField(input.csrf)}
<section class="panel" aria-labelledby="t-words"><h2 id="t-words">What players see</h2>
<div class="form-grid">
  <div class="field"><label for="t-title">Title (English)</label><input id="t-title" name="title" value="${v.title.en ?? ''}" required maxlength="120"></div>
  <div class="field"><label for="t-provider">Provider shown on the card <span class="muted">(optional)</span></label><input id="t-provider" name="provider" value="${v.provider ?? ''}" maxlength="60"></div>
  <div class="field"><label for="t-image">Image address <span class="muted">(optional)</span></label><input id="t-image" name="image_url" value="${v.imageUrl ?? ''}" placeholder="/images/tournaments/spring.webp"></div>
  <div class="field"><label for="t-tags">Tags <span class="muted">(comma separated)</span></label><input id="t-tags" name="tags" value="${(v.tags ?? []).join(', ')}"></div>
</div>
<div class="field"><label for="t-description">Description (English)</label><textarea id="t-description" name="description" rows="3">${v.description?.en ?? ''}</textarea>
<p class="hint">Other languages keep their words; an empty one falls back to English.</p></div>
</section>
<section class="panel" aria-labelledby="t-rules"><h2 id="t-rules">Rules</h2>
<div class="form-grid">
  <div class="field"><label for="t-starts">Starts (UTC)</label><input id="t-starts" name="starts_at" type="datetime-local" value="${utcValue(v.startsAt)}" required></div>
  <div class="field"><label for="t-ends">Ends (UTC)</label><input id="t-ends" name="ends_at" type="datetime-local" value="${utcValue(v.endsAt)}" required></div>
  <div class="field"><label for="t-scoring">Scoring</label><select id="t-scoring" name="scoring">${TOURNAMENT_SCORINGS.map(
    (s) => html`<option value="${s}" ${v.scoring === s ? html`selected` : ''}>${SCORING_TEXT[s]}</option>`,
  )}</select></div>
  <div class="field"><label for="t-min-bet">Qualifying bet</label><input id="t-min-bet" name="min_bet" inputmode="decimal" value="${major(v.minBet)}" placeholder="0.00"></div>
  <div class="field"><label for="t-currency">Currency</label><input id="t-currency" name="currency" value="${v.currency ?? 'USD'}" maxlength="3"></div>
  <div class="field"><label for="t-countries">Countries <span class="muted">(empty: all)</span></label><input id="t-countries" name="countries" value="${(v.countries ?? []).join(', ')}" placeholder="DE, AT"></div>
  <div class="field"><label for="t-fee">Entry fee <span class="muted">(opt-in only)</span></label><input id="t-fee" name="entry_fee" inputmode="decimal" value="${major(v.entryFee)}" placeholder="0.00" ${input.feeLocked ? html`readonly aria-describedby="t-fee-hint"` : ''}>
  ${input.feeLocked ? html`<p class="hint" id="t-fee-hint">Players have paid this fee: it can no longer change.</p>` : ''}</div>
</div>
<div class="flags">
  <label class="check"><input type="checkbox" name="opt_in" value="1" ${checked(v.optIn ?? true)}> <span><strong>Opt-in</strong> — players join with the button (else every qualifying bet enters)</span></label>
  <label class="check"><input type="checkbox" name="reset_on_cashout" value="1" ${checked(v.resetOnCashout)}> <span><strong>Reset on cash-out</strong> — a withdrawal sets the player's points to 0</span></label>
</div>
</section>
<section class="panel" aria-labelledby="t-games"><h2 id="t-games">Games that count</h2>
<p class="hint">Name games, or studios, or neither (every game); kinds narrow either.</p>
<div class="field"><label for="t-games-list">Games <span class="muted">(sysnames, comma separated)</span></label><textarea id="t-games-list" name="games" rows="2" class="mono">${(v.games ?? []).join(', ')}</textarea></div>
<fieldset><legend>Providers (studios)</legend><div class="choices">${input.providers.map(
    (p) =>
      html`<label><input type="checkbox" name="providers" value="${p}" ${checked(v.providers?.includes(p))}> ${p}</label>`,
  )}</div></fieldset>
<fieldset><legend>Kinds</legend><div class="choices">${GAME_TYPES.map(
    (k) =>
      html`<label><input type="checkbox" name="game_kinds" value="${k}" ${checked(v.gameKinds?.includes(k))}> ${k.replace('_', ' ')}</label>`,
  )}</div></fieldset>
</section>
<section class="panel" aria-labelledby="t-prizes"><h2 id="t-prizes">Prizes (${v.currency ?? 'USD'})</h2>
<p class="hint">Paid when the tournament closes: cash to the main balance through the ledger, or a bonus with wagering (template tournament_prize). Leave a place empty for no prize.</p>
<div class="table-wrap"><table class="prizes"><thead><tr><th scope="col" class="num">Place</th><th scope="col">Amount</th><th scope="col">Paid as</th></tr></thead><tbody>${Array.from(
    { length: rows },
    (_, i) =>
      html`<tr><td class="num">${i + 1}</td><td><label class="visually-hidden" for="prize-${i}">Prize for place ${i + 1}</label><input id="prize-${i}" name="prize_amount" inputmode="decimal" value="${major(prizeAt(i))}" placeholder="0.00"></td><td><label class="visually-hidden" for="prize-type-${i}">Place ${i + 1} paid as</label><select id="prize-type-${i}" name="prize_type"><option value="cash">cash</option><option value="bonus"${prizeTypeAt(i) === 'bonus' ? ' selected' : ''}>bonus</option></select></td></tr>`,
  )}</tbody></table></div>
</section>
<div class="actions"><button class="btn btn-primary" type="submit">${input.id ? 'Save changes' : 'Create tournament'}</button>
<a class="btn btn-secondary" href="${input.id ? `/admin/competitions/tournaments/${input.id}` : '/admin/competitions'}">Back</a></div>
</form>`;
};

const pointsText = (scoring: string, points: bigint, currency: string) =>
  scoring === 'wagered' || scoring === 'won'
    ? money(points, currency)
    : scoring === 'multiplier'
      ? `×${(Number(points) / 100).toFixed(2)}`
      : String(points);

export const tournamentBody = (input: {
  t: TOperatorTournament;
  standings: { items: TOperatorStanding[]; hasMore: boolean };
  page: number;
  now: Date;
  csrf: string;
  canEdit: boolean;
}) => {
  const { t } = input;
  const phase = tournamentPhase(t, input.now);
  const what = t.games.length
    ? `Games: ${t.games.join(', ')}`
    : t.providers.length
      ? `Studios: ${t.providers.join(', ')}`
      : 'Every game';
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/competitions">Competitions</a> / #${t.id}</p>
<h1>${t.title.en ?? `Tournament #${t.id}`} ${phaseBadge(phase)}</h1></div>
${input.canEdit && t.state === 'open' ? html`<a class="btn btn-secondary" href="/admin/competitions/tournaments/${t.id}/edit">Edit</a>` : ''}</div>
<dl class="stats">
  <div class="stat"><dt>Entries</dt><dd>${t.entries}</dd></div>
  <div class="stat"><dt>Prize pool</dt><dd>${money(
    t.prizes.reduce((s, p) => s + BigInt(p.amount), 0n),
    t.currency,
  )}</dd></div>
  <div class="stat"><dt>Entry fee</dt><dd>${t.entry_fee > 0n ? money(t.entry_fee, t.currency) : 'free'}</dd></div>
  <div class="stat"><dt>Fees held</dt><dd>${money(t.feesHeld, t.currency)}</dd></div>
</dl>
<section class="panel"><dl class="facts">
  <dt>Runs</dt><dd>${time(t.starts_at)} → ${time(t.ends_at)}</dd>
  <dt>Scoring</dt><dd>${SCORING_TEXT[t.scoring]}${t.min_bet > 0n ? html`, bets from ${money(t.min_bet, t.currency)}` : ''}</dd>
  <dt>Counts</dt><dd>${what}${t.game_kinds.length ? html` · kinds ${t.game_kinds.join(', ')}` : ''}</dd>
  <dt>Who</dt><dd>${t.opt_in ? 'Opt-in' : 'Automatic'} · ${t.currency}${t.countries.length ? html` · ${t.countries.join(', ')}` : ''}${t.reset_on_cashout ? ' · reset on cash-out' : ''}</dd>
  <dt>Prizes</dt><dd>${t.prizes.length ? t.prizes.map((p) => `${p.place}: ${money(BigInt(p.amount), t.currency)}${p.type === 'bonus' ? ' (bonus)' : ''}`).join(' · ') : 'none'}</dd>
</dl></section>
<section class="panel" aria-labelledby="standings-title"><h2 id="standings-title">Standings</h2>${
    input.standings.items.length === 0
      ? html`<p class="empty">No entries yet.</p>`
      : html`<div class="table-wrap"><table class="cards">
<thead><tr><th scope="col" class="num">Place</th><th scope="col">Player</th><th scope="col" class="num">Points</th><th scope="col">Reached</th><th scope="col" class="num">Fee</th><th scope="col">Prize</th></tr></thead>
<tbody>${input.standings.items.map(
          (s) => html`<tr data-player="${s.playerId}">
  <td data-label="Place" class="num">${s.place}</td>
  <td data-label="Player"><a href="/admin/players/${s.playerId}">${s.login}</a>${s.fakename ? html` <span class="muted">(${s.fakename})</span>` : ''}</td>
  <td data-label="Points" class="num">${pointsText(t.scoring, s.points, t.currency)}</td>
  <td data-label="Reached">${time(s.reachedAt)}</td>
  <td data-label="Fee" class="num">${s.feePaid > 0n ? html`${money(s.feePaid, t.currency)}${s.refunded ? html` ${badge('refunded', 'info')}` : ''}` : html`<span class="muted">—</span>`}</td>
  <td data-label="Prize">${s.prize === null ? html`<span class="muted">—</span>` : html`${money(s.prize, t.currency)} ${s.prizePaid ? badge('paid', 'good') : badge('unpaid', 'warn')}`}</td></tr>`,
        )}</tbody></table></div>${pager(`/admin/competitions/tournaments/${t.id}`, {}, input.page, input.standings.hasMore)}`
  }</section>
${
  input.canEdit && t.state === 'open'
    ? html`<section class="panel" aria-labelledby="cancel-title"><h2 id="cancel-title">Cancel the tournament</h2>
<p>It stops scoring at once, is never closed and pays no prizes; ${t.feesHeld > 0n ? html`<strong>${money(t.feesHeld, t.currency)}</strong> of entry fees go back to the players' main balances.` : 'no entry fees are held.'}</p>
<form method="post" action="/admin/competitions/tournaments/${t.id}/cancel" class="decline-form cancel-form">${csrfField(input.csrf)}
<label for="cancel-reason">Reason (players do not see it)</label><input id="cancel-reason" name="reason" required minlength="5" maxlength="500">
<div><button class="btn btn-danger" type="submit">Cancel tournament</button></div></form></section>`
    : ''
}`;
};
