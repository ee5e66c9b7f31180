/** Bonus templates: the list (terms at a glance) and one template's form. */
import { DEFAULT_CURRENCY } from '@casino/contracts';
import {
  amountValue,
  badge,
  csrfField,
  dateValue,
  html,
  money,
  promotionsTabs,
  readOnlyNote,
  time,
} from '../../backoffice/index.ts';
import type { TAudienceChoice } from '../../players/index.ts';
import type { TBonusTemplate } from '../schema.ts';
import { kindsOf } from '../templates-admin.ts';

const orNone = (cents: bigint | null) =>
  cents === null ? html`<span class="muted">none</span>` : money(cents, DEFAULT_CURRENCY);

const oddsValue = (thousandths: number | null) =>
  thousandths === null ? '' : (thousandths / 1000).toFixed(thousandths % 10 === 0 ? 2 : 3);

const bettingTerms = (t: TBonusTemplate) =>
  t.type === 'betting'
    ? ` · min odds ${t.minOdds === null ? 'any' : oddsValue(t.minOdds)}${t.isFreeBet ? ' · free bet' : ''}`
    : '';

const contributionsText = (t: TBonusTemplate) => {
  const games = Object.keys(t.contributions.games ?? {}).length;
  return (
    [
      ...Object.entries(t.contributions.kinds).map(([kind, p]) => `${kind} ${p}%`),
      `other ${t.contributions.other}%`,
      ...(games ? [`${games} game override${games === 1 ? '' : 's'}`] : []),
    ].join(' · ') + bettingTerms(t)
  );
};

/** Retired, off, waiting for its window, ended, or active (at `now`). */
export const templateStatus = (t: TBonusTemplate, now: Date) => {
  if (t.retiredAt) return badge('retired', 'neutral');
  if (!t.isActive) return badge('off', 'neutral');
  if (t.startsAt && now.getTime() < t.startsAt.getTime()) return badge('scheduled', 'warn');
  if (t.endsAt && now.getTime() >= t.endsAt.getTime()) return badge('ended', 'neutral');
  return badge('active', 'good');
};

export const templatesBody = (input: {
  templates: TBonusTemplate[];
  canEdit: boolean;
  now: Date;
}) => html`<div class="page-head">
  <div><h1>Promotions</h1><p class="sub">Bonus templates: the terms a bonus is granted with. Wagering is capped per jurisdiction (<a href="/admin/promotions/wagering">Wagering caps</a>).</p></div>
  ${input.canEdit ? html`<a class="btn btn-primary btn-sm" href="/admin/promotions/templates/new">New template</a>` : ''}
</div>
${promotionsTabs('templates')}
<section class="panel"><div class="table-wrap"><table class="cards">
<thead><tr><th scope="col">Template</th><th scope="col">Type</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Wagering</th><th scope="col" class="num">Max bet</th><th scope="col" class="num">Max conversion</th><th scope="col">Contributions</th><th scope="col" class="num">Days</th><th scope="col">Status</th><th scope="col">Edited</th></tr></thead>
<tbody>${input.templates.map(
  (t) => html`<tr>
  <td data-label="Template"><a href="/admin/promotions/templates/${t.id}">${t.sysname}</a></td>
  <td data-label="Type">${t.type}</td>
  <td data-label="Amount" class="num">${t.amount === null ? html`<span class="muted">per grant</span>` : money(t.amount, DEFAULT_CURRENCY)}</td>
  <td data-label="Wagering" class="num">${t.wagerMultiplier}×</td>
  <td data-label="Max bet" class="num">${orNone(t.maxBet)}</td>
  <td data-label="Max conversion" class="num">${orNone(t.maxConversion)}</td>
  <td data-label="Contributions">${contributionsText(t)}</td>
  <td data-label="Days" class="num">${t.validDays}</td>
  <td data-label="Status">${templateStatus(t, input.now)}</td>
  <td data-label="Edited">${t.editedAt ? time(t.editedAt) : html`<span class="muted">as seeded</span>`}</td>
</tr>`,
)}</tbody></table></div></section>`;

/** Blank rows under the overrides, to add games (more: save, and the page offers new blank rows). */
const BLANK_ROWS = 3;

/** The per-game overrides: a row per game (its percent, a remove tick), blank rows to add, the catalogue to pick from. */
const gameOverrides = (t: TBonusTemplate, games: TGameOption[]) => {
  const rows = Object.entries(t.contributions.games ?? {});
  const names = new Map(games.map((g) => [g.sysname, g.name]));
  const row = (sysname: string, percent: string, i: number) => html`<tr data-game="${sysname}">
  <td data-label="Game"><label class="visually-hidden" for="t-game-${i}">Game</label><input id="t-game-${i}" name="game" list="t-games" value="${sysname}" placeholder="game sysname" pattern="[a-z0-9_]+">${
    sysname && names.has(sysname) ? html` <span class="muted">${names.get(sysname) ?? ''}</span>` : ''
  }</td>
  <td data-label="Percent" class="num"><label class="visually-hidden" for="t-game-percent-${i}">Percent</label><input id="t-game-percent-${i}" name="game_percent" inputmode="numeric" value="${percent}" size="4"></td>
  <td data-label="Remove">${sysname ? html`<label class="check"><input type="checkbox" name="game_remove" value="${sysname}"> <span>Remove</span></label>` : ''}</td></tr>`;
  return html`<fieldset class="field"><legend>Per-game overrides <span class="muted">(a game’s own percent, over its kind’s)</span></legend>
<input type="hidden" name="games_form" value="1">
<datalist id="t-games">${games.map((g) => html`<option value="${g.sysname}">${g.name} (${g.kind})</option>`)}</datalist>
<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Game</th><th scope="col" class="num">Percent (0–100)</th><th scope="col">Remove</th></tr></thead>
<tbody>${rows.map(([g, p], i) => row(g, String(p), i))}${Array.from({ length: BLANK_ROWS }, (_, k) => row('', '', rows.length + k))}</tbody></table></div>
<p class="hint">Pick a game by its sysname; leave a row empty to skip it.</p></fieldset>`;
};

export interface TGameOption {
  sysname: string;
  name: string;
  kind: string;
}

/** The new template's own fields: sysname, type (chosen by the page's link), words in English. */
const newFields = (type: string) => html`<div class="form-grid">
  <div class="field"><label for="t-sysname">Sysname <span class="muted">(a-z, 0-9, _)</span></label>
    <input id="t-sysname" name="sysname" required pattern="[a-z0-9_]{2,60}" placeholder="welcome_spring"></div>
  <div class="field"><span class="label">Type</span><input type="hidden" name="type" value="${type}">
    <p>${type} · <a href="/admin/promotions/templates/new?type=${type === 'casino' ? 'betting' : 'casino'}">make a ${type === 'casino' ? 'betting' : 'casino'} template instead</a></p></div>
  <div class="field"><label for="t-title">Title (English: every locale’s fallback)</label>
    <input id="t-title" name="title" required maxlength="120" placeholder="Spring bonus {amount}"></div>
  <div class="field"><label for="t-text">Text <span class="muted">({amount}, {wager}, {max_bet}, {days} are filled in)</span></label>
    <input id="t-text" name="text" maxlength="1000"></div>
</div>`;

/** Who it grants to: every player, or a shared CRM segment's (a segment gone matches nobody). */
const segmentSelect = (segments: TAudienceChoice[], current: number | null) => {
  const value = current === null ? '' : String(current);
  const choice = (id: string, label: string) =>
    html`<option value="${id}" ${id === value ? html`selected` : ''}>${label}</option>`;
  return html`<div class="field"><label for="t-segment">Player segment <span class="muted">(shared CRM segments; empty: every player)</span></label>
    <select id="t-segment" name="segment_id">${choice('', '— every player —')}${segments.map((s) => choice(String(s.id), s.name))}${
      current !== null && !segments.some((s) => s.id === current)
        ? choice(value, `segment #${current} (gone: grants to nobody)`)
        : ''
    }</select></div>`;
};

export const templateBody = (input: {
  template: TBonusTemplate;
  /** The catalogue to pick per-game overrides from. */
  games: TGameOption[];
  canEdit: boolean;
  csrf: string;
  now: Date;
  /** The shared CRM segments it may be limited to (ADR 068). */
  segments?: TAudienceChoice[];
  /** The new template page: the same form, posted to the list, with the template's own fields first. */
  isNew?: boolean;
}) => {
  const t = input.template;
  const off = input.canEdit ? '' : html`disabled`;
  const kinds = kindsOf(t.type);
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions">Promotions</a> / templates</p>
<h1>${input.isNew ? `New ${t.type} template` : html`${t.sysname} ${templateStatus(t, input.now)}`}</h1>
${input.isNew ? '' : html`<p class="sub">${t.type} bonus · ${t.description.texts.en?.title ?? ''}</p>`}</div></div>
${readOnlyNote(input.canEdit)}
<section class="panel">
<form method="post" action="/admin/promotions/templates${input.isNew ? '' : `/${t.id}`}">${csrfField(input.csrf)}
<fieldset ${off}><legend class="visually-hidden">Terms</legend>
${input.isNew ? newFields(t.type) : ''}
<div class="form-grid">
  <div class="field"><label for="t-amount">Amount <span class="muted">(empty: given with each grant)</span></label>
    <input id="t-amount" name="amount" inputmode="decimal" value="${amountValue(t.amount)}" placeholder="10.00"></div>
  <div class="field"><label for="t-wager">Wagering multiplier <span class="muted">(a player gets at most their jurisdiction’s cap)</span></label>
    <input id="t-wager" name="wager_multiplier" inputmode="numeric" required value="${t.wagerMultiplier}"></div>
  <div class="field"><label for="t-maxbet">Max bet while wagering <span class="muted">(empty: none)</span></label>
    <input id="t-maxbet" name="max_bet" inputmode="decimal" value="${amountValue(t.maxBet)}"></div>
  <div class="field"><label for="t-maxconv">Max conversion <span class="muted">(empty: no cap)</span></label>
    <input id="t-maxconv" name="max_conversion" inputmode="decimal" value="${amountValue(t.maxConversion)}"></div>
  <div class="field"><label for="t-days">Valid for (days)</label>
    <input id="t-days" name="valid_days" inputmode="numeric" required value="${t.validDays}"></div>
  <div class="field"><label for="t-start">Grants from (UTC) <span class="muted">(empty: now)</span></label>
    <input id="t-start" name="starts_at" value="${dateValue(t.startsAt)}" placeholder="YYYY-MM-DD"></div>
  <div class="field"><label for="t-end">Grants until (UTC) <span class="muted">(empty: no end)</span></label>
    <input id="t-end" name="ends_at" value="${dateValue(t.endsAt)}" placeholder="YYYY-MM-DD"></div>
  ${segmentSelect(input.segments ?? [], t.segmentId)}
  ${
    t.type === 'betting'
      ? html`<div class="field"><label for="t-minodds">Minimum odds to count towards wagering <span class="muted">(a combo: its total odds; empty: any)</span></label>
    <input id="t-minodds" name="min_odds" inputmode="decimal" value="${oddsValue(t.minOdds)}" placeholder="1.50"></div>`
      : ''
  }
</div>
<fieldset class="field"><legend>Contribution to wagering (% of each stake)</legend><div class="form-grid">
  ${kinds.map(
    (kind) =>
      html`<div class="field"><label for="t-kind-${kind}">${kind.replace('_', '-')}</label><input id="t-kind-${kind}" name="kind_${kind}" inputmode="numeric" required value="${t.contributions.kinds[kind] ?? t.contributions.other}"></div>`,
  )}
  <div class="field"><label for="t-other">other</label><input id="t-other" name="other" inputmode="numeric" required value="${t.contributions.other}"></div>
</div>
${t.type === 'betting' ? '' : gameOverrides(t, input.games)}
</fieldset>
${
  t.type === 'betting'
    ? html`<label class="check"><input type="checkbox" name="is_free_bet" value="1" ${t.isFreeBet ? html`checked` : ''}> <span>Free bet: a winning bet pays the winnings without the stake (needs wagering of at least 1×)</span></label>`
    : ''
}
<label class="check"><input type="checkbox" name="is_active" value="1" ${t.isActive ? html`checked` : ''}> <span>Active: new bonuses may be granted from it</span></label>
</fieldset>
${input.canEdit && !t.retiredAt ? html`<div class="actions"><button class="btn btn-primary" type="submit">${input.isNew ? 'Create template' : 'Save template'}</button></div>` : ''}
</form>
<p class="hint">Bonuses already granted keep the terms they were granted with.</p>
</section>
${input.canEdit && !input.isNew ? templateActions(t, input.csrf) : ''}`;
};

/** Copy (terms and words under a new sysname, switched off) and retire (never granted again). */
const templateActions = (
  t: TBonusTemplate,
  csrf: string,
) => html`<section class="panel"><h2>Copy or retire</h2>
<form method="post" action="/admin/promotions/templates/${t.id}/copy" class="filters">${csrfField(csrf)}
  <div class="field"><label for="t-copy">New sysname</label><input id="t-copy" name="sysname" required pattern="[a-z0-9_]{2,60}" value="${t.sysname}_copy"></div>
  <button class="btn btn-secondary" type="submit">Copy template</button>
</form>
${
  t.retiredAt
    ? html`<p class="muted">Retired ${dateValue(t.retiredAt)}: nothing grants from it again; its bonuses keep their terms.</p>`
    : html`<form method="post" action="/admin/promotions/templates/${t.id}/retire">${csrfField(csrf)}
  <button class="btn btn-danger" type="submit">Retire template</button>
  <span class="hint">Promo codes, offers and cashback naming it grant nothing from then on.</span></form>`
}
</section>`;
