/** Promo codes: the list with usage, the create and batch forms, and one code's uses. */

import {
  amountValue,
  badge,
  csrfField,
  dateTime,
  html,
  money,
  pager,
  promotionsTabs,
  readOnlyNote,
  time,
} from '../../backoffice/index.ts';
import type { TBonusTemplate } from '../../bonuses/index.ts';
import type { promoCodeUsage, TPromoCodeRow } from '../promo-codes-admin.ts';

const limitText = (c: TPromoCodeRow) => (c.maxUses === null ? `${c.uses} / ∞` : `${c.uses} / ${c.maxUses}`);

const windowText = (c: TPromoCodeRow) =>
  c.startsAt || c.endsAt
    ? `${c.startsAt ? dateTime(c.startsAt) : 'now'} → ${c.endsAt ? dateTime(c.endsAt) : 'no end'}`
    : 'always';

/** A batch's export (CSV: every code with its use) and switching all its codes off at once. */
const batchActions = (batch: string, canEdit: boolean, csrf: string) => html`<div class="actions">
  <a class="btn btn-secondary" href="/admin/promotions/codes/batch.csv?batch=${encodeURIComponent(batch)}" download>Export batch (CSV)</a>
  ${
    canEdit
      ? html`<form method="post" action="/admin/promotions/codes/batch/off">${csrfField(csrf)}<input type="hidden" name="batch" value="${batch}">
  <button class="btn btn-danger" type="submit">Switch the whole batch off</button></form>`
      : ''
  }</div>`;

/** The terms shared by the create and batch forms (`p` keeps the ids of the two forms apart). */
const termsFields = (p: string, templates: TBonusTemplate[]) => html`<div class="form-grid">
  <div class="field"><label for="${p}-template">Bonus template</label>
    <select id="${p}-template" name="template" required><option value="">Choose…</option>${templates
      .filter((t) => t.isActive)
      .map(
        (t) =>
          html`<option value="${t.sysname}">${t.sysname}${t.amount === null ? '' : ` (${money(t.amount)})`}</option>`,
      )}</select></div>
  <div class="field"><label for="${p}-amount">Bonus amount <span class="muted">(empty: the template’s)</span></label><input id="${p}-amount" name="bonus_amount" inputmode="decimal" placeholder="10.00"></div>
  <div class="field"><label for="${p}-max">Max uses <span class="muted">(empty: no limit)</span></label><input id="${p}-max" name="max_uses" inputmode="numeric" ${p === 'batch' ? html`value="1"` : ''}></div>
  <div class="field"><label for="${p}-per">Uses per player</label><input id="${p}-per" name="per_player_limit" inputmode="numeric" value="1" required></div>
  <div class="field"><label for="${p}-new">Only players registered in the last … days</label><input id="${p}-new" name="new_player_days" inputmode="numeric"></div>
  <div class="field"><label for="${p}-start">Starts (UTC)</label><input id="${p}-start" name="starts_at" type="date"></div>
  <div class="field"><label for="${p}-end">Ends (UTC)</label><input id="${p}-end" name="ends_at" type="date"></div>
</div>
<label class="check"><input type="checkbox" name="is_public" value="1"> <span>Public: listed on /promotions for anyone</span></label>`;

export const promoCodesBody = (input: {
  rows: TPromoCodeRow[];
  hasMore: boolean;
  page: number;
  q: string;
  batch: string;
  templates: TBonusTemplate[];
  canEdit: boolean;
  csrf: string;
}) => html`<div class="page-head"><div><h1>Promotions</h1><p class="sub">Promo codes: what each gives, its limits and how often it was used.</p></div></div>
${promotionsTabs('codes')}
${readOnlyNote(input.canEdit)}
<section class="panel">
  <form class="filters" method="get" action="/admin/promotions/codes" role="search">
    <div class="field"><label for="q">Code contains</label><input id="q" name="q" type="search" value="${input.q}"></div>
    <div class="field"><label for="batch">Batch</label><input id="batch" name="batch" value="${input.batch}"></div>
    <button class="btn btn-secondary" type="submit">Filter</button>
  </form>
  ${
    input.rows.length === 0
      ? html`<p class="empty">No promo code matches.</p>`
      : html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Code</th><th scope="col">Gives</th><th scope="col" class="num">Used / limit</th><th scope="col" class="num">Per player</th><th scope="col">Valid</th><th scope="col">Batch</th><th scope="col">Status</th></tr></thead>
  <tbody>${input.rows.map(
    (c) => html`<tr data-code="${c.code}">
    <td data-label="Code" class="mono"><a href="/admin/promotions/codes/${c.id}">${c.code}</a></td>
    <td data-label="Gives">${c.template ?? ''}${c.bonusAmount === null ? '' : ` ${money(c.bonusAmount)}`}${c.freespins ? html` <span class="muted">+ ${c.freespins.count} spins</span>` : ''}</td>
    <td data-label="Used / limit" class="num">${limitText(c)}</td>
    <td data-label="Per player" class="num">${c.perPlayerLimit}</td>
    <td data-label="Valid">${windowText(c)}</td>
    <td data-label="Batch">${c.batch ? html`<a href="/admin/promotions/codes?batch=${c.batch}">${c.batch}</a>` : html`<span class="muted">—</span>`}</td>
    <td data-label="Status">${c.isActive ? badge('active', 'good') : badge('off', 'neutral')}${c.isPublic ? html` ${badge('public', 'info')}` : ''}</td>
  </tr>`,
  )}</tbody></table></div>`
  }
  ${pager('/admin/promotions/codes', { q: input.q, batch: input.batch }, input.page, input.hasMore)}
  ${input.batch ? batchActions(input.batch, input.canEdit, input.csrf) : ''}
</section>
${
  input.canEdit
    ? html`<div class="grid">
<section class="panel" aria-labelledby="new-code-title"><h2 id="new-code-title">Create a code</h2>
<form method="post" action="/admin/promotions/codes">${csrfField(input.csrf)}
  <div class="field"><label for="new-code">Code</label><input id="new-code" name="code" required pattern="[A-Za-z0-9_\\-]{2,40}" placeholder="SPRING25"></div>
  ${termsFields('new', input.templates)}
  <div class="actions"><button class="btn btn-primary" type="submit">Create code</button></div>
</form></section>
<section class="panel" aria-labelledby="batch-title"><h2 id="batch-title">Generate a batch</h2>
<form method="post" action="/admin/promotions/codes/batch">${csrfField(input.csrf)}
  <div class="row gap-below">
    <div class="field"><label for="batch-prefix">Prefix</label><input id="batch-prefix" name="prefix" required pattern="[A-Za-z0-9]{2,20}" placeholder="VIP"></div>
    <div class="field"><label for="batch-count">How many (1–1000)</label><input id="batch-count" name="count" inputmode="numeric" required value="10"></div>
  </div>
  ${termsFields('batch', input.templates)}
  <div class="actions"><button class="btn btn-primary" type="submit">Generate codes</button></div>
  <p class="hint">Each code is PREFIX-XXXXXXXX (no 0/O or 1/I/L), single-use unless you change Max uses.</p>
</form></section>
</div>`
    : ''
}`;

export const promoCodeBody = (input: {
  code: TPromoCodeRow;
  uses: Awaited<ReturnType<typeof promoCodeUsage>>;
  logins: Map<number, string>;
  /** The code's template's own amount (null: given with each grant). */
  templateAmount: bigint | null;
  canEdit: boolean;
  csrf: string;
}) => {
  const c = input.code;
  return html`<div class="page-head"><div><p class="sub"><a href="/admin/promotions/codes">Promo codes</a> / ${c.code}</p>
<h1>${c.code} ${c.isActive ? badge('active', 'good') : badge('off', 'neutral')}</h1>
<p class="sub">${c.template ?? 'no bonus'}${c.bonusAmount === null ? '' : ` · ${money(c.bonusAmount)}`} · used ${limitText(c)} · ${c.perPlayerLimit} per player · ${windowText(c)}${c.newPlayerDays ? ` · players registered in the last ${c.newPlayerDays} days` : ''}</p></div>
${
  input.canEdit
    ? html`<form method="post" action="/admin/promotions/codes/${c.id}/${c.isActive ? 'off' : 'on'}">${csrfField(input.csrf)}<button class="btn ${c.isActive ? 'btn-secondary' : 'btn-primary'} btn-sm" type="submit">${c.isActive ? 'Switch off' : 'Switch on'}</button></form>`
    : ''
}</div>
${
  input.canEdit && c.template
    ? html`<section class="panel" aria-labelledby="amount-title"><h2 id="amount-title">Bonus this code grants</h2>
<form method="post" action="/admin/promotions/codes/${c.id}/amount">${csrfField(input.csrf)}
  <div class="row gap-below"><div class="field"><label for="code-amount">Bonus amount <span class="muted">(empty: the template’s${input.templateAmount === null ? ', which has none' : `, ${money(input.templateAmount)}`})</span></label>
  <input id="code-amount" name="bonus_amount" inputmode="decimal" value="${amountValue(c.bonusAmount)}" placeholder="10.00"></div></div>
  <div class="actions"><button class="btn btn-primary" type="submit">Save amount</button></div>
  <p class="hint">Wagering, max bet and expiry are the template’s (${c.template}). Bonuses already granted keep their amount.</p>
</form></section>`
    : ''
}
<section class="panel" aria-labelledby="uses-title"><h2 id="uses-title">Uses <span class="muted">${input.uses.length}${input.uses.length === 200 ? '+' : ''}</span></h2>
${
  input.uses.length === 0
    ? html`<p class="empty">Nobody has used this code yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">When</th><th scope="col">Player</th><th scope="col">Bonus</th><th scope="col" class="num">Amount</th><th scope="col">Bonus status</th></tr></thead>
  <tbody>${input.uses.map(
    (u) => html`<tr><td data-label="When">${time(u.usedAt)}</td>
    <td data-label="Player"><a href="/admin/players/${u.playerId}#bonuses">${input.logins.get(u.playerId) ?? `#${u.playerId}`}</a> <span class="muted mono">#${u.playerId}</span></td>
    <td data-label="Bonus" class="mono">${u.bonusId ? `#${u.bonusId}` : '—'}</td>
    <td data-label="Amount" class="num">${u.bonusAmount === null ? '—' : money(u.bonusAmount)}</td>
    <td data-label="Bonus status">${u.bonusStatus ?? html`<span class="muted">—</span>`}</td></tr>`,
  )}</tbody></table></div>`
}</section>`;
};
