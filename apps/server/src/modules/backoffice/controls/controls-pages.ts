/** The approvals pages (waiting, decided) and the per-role limits page (issue 40, ADR 064). */
import { ROLE_NAMES } from '../permissions.ts';
import type { TOperatorRole } from '../schema.ts';
import { badge, money, time } from '../ui/format.ts';
import { type Html, html } from '../ui/html.ts';
import { csrfField, pager } from '../ui/layout.ts';
import type { TAmountLimit } from './limits.ts';
import { ACTION_NAMES } from './limits.ts';
import { LIMITED_ACTIONS, type TApproval, type TLimitedAction } from './schema.ts';

export type TApprovalsTab = 'pending' | 'decided' | 'limits';

const TABS: { id: TApprovalsTab; label: string; href: string }[] = [
  { id: 'pending', label: 'Waiting', href: '/admin/approvals' },
  { id: 'decided', label: 'Decided', href: '/admin/approvals?status=decided' },
  { id: 'limits', label: 'Limits', href: '/admin/approvals/limits' },
];

const tabs = (current: TApprovalsTab) =>
  html`<nav aria-label="Approvals"><ul class="tabs">${TABS.map(
    (t) =>
      html`<li><a href="${t.href}" ${t.id === current ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>`;

const head = (current: TApprovalsTab) => html`<div class="page-head">
  <div><h1>Approvals</h1><p class="sub">Money actions over the asker's limit wait here for a second operator whose role covers them.</p></div>
</div>${tabs(current)}`;

/** Why this operator cannot decide a row, as the row says it (null: they can). */
export type TDecideView = (approval: TApproval) => { approve: string | null; reject: string | null };

const REFUSAL_TEXT: Record<string, string> = {
  ownRequest: 'You asked for this: another operator decides.',
  noCover: 'Your role’s limit does not cover this amount.',
  notPending: 'Already decided.',
};

const decideForms = (
  a: TApproval,
  csrf: string,
  refusal: { approve: string | null; reject: string | null },
) => {
  if (refusal.approve && refusal.reject)
    return html`<p class="muted" data-cannot-decide>${REFUSAL_TEXT[refusal.approve] ?? refusal.approve}</p>`;
  return html`<div class="actions">
    ${
      refusal.approve
        ? html`<p class="muted" data-cannot-approve>${REFUSAL_TEXT[refusal.approve] ?? refusal.approve}</p>`
        : html`<details class="inline"><summary class="btn btn-primary btn-sm" aria-label="Approve request #${a.id}…">Approve…</summary>
      <form class="review-form" method="post" action="/admin/approvals/${a.id}/approve">${csrfField(csrf)}
        <p>${a.summary}: ${money(a.amount, a.currency)} moves when you approve.</p>
        <label for="approve-note-${a.id}">Note (optional, recorded)</label><input id="approve-note-${a.id}" name="reason" maxlength="500">
        <button class="btn btn-primary btn-sm" type="submit">Approve and run it</button></form></details>`
    }
    ${
      refusal.reject
        ? ''
        : html`<details class="inline"><summary class="btn btn-secondary btn-sm" aria-label="Reject request #${a.id}…">Reject…</summary>
      <form class="review-form" method="post" action="/admin/approvals/${a.id}/reject">${csrfField(csrf)}
        <label for="reject-reason-${a.id}">Reason (recorded; nothing moves)</label><input id="reject-reason-${a.id}" name="reason" required minlength="5" maxlength="500">
        <button class="btn btn-danger btn-sm" type="submit">Reject</button></form></details>`
    }
  </div>`;
};

const STATUS_TONE = { pending: 'warn', approved: 'good', rejected: 'bad' } as const;

const playerLink = (a: TApproval) =>
  a.playerId === null
    ? ''
    : html`<div><a href="/admin/players/${a.playerId}">Player #${a.playerId}</a></div>`;

export const approvalsBody = (input: {
  tab: 'pending' | 'decided';
  rows: TApproval[];
  page: number;
  hasMore: boolean;
  csrf: string;
  refusalOf: TDecideView;
}) => {
  const pending = input.tab === 'pending';
  return html`${head(input.tab)}
<section class="panel" aria-labelledby="approvals-title">
  <h2 id="approvals-title" class="visually-hidden">${pending ? 'Waiting' : 'Decided'} approvals</h2>
  ${
    input.rows.length === 0
      ? html`<p class="empty">${pending ? 'Nothing waits for approval.' : 'No decision yet.'}</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Asked</th><th scope="col">What</th><th scope="col" class="num">Amount</th><th scope="col">Why</th><th scope="col">Status</th>${pending ? html`<th scope="col">Decision</th>` : html`<th scope="col">Decided</th>`}</tr></thead>
    <tbody>${input.rows.map(
      (a) => html`<tr data-approval="${a.id}">
      <td data-label="Asked" class="nowrap">${time(a.requestedAt)}<div class="muted">by ${a.requestedByEmail}</div><div class="muted mono">#${a.id}</div></td>
      <td data-label="What"><strong>${ACTION_NAMES[a.action]}</strong><div>${a.summary}</div>${playerLink(a)}</td>
      <td data-label="Amount" class="num"><strong>${money(a.amount, a.currency)}</strong></td>
      <td data-label="Why">${a.reason || html`<span class="muted">—</span>`}</td>
      <td data-label="Status">${badge(a.status, STATUS_TONE[a.status])}</td>
      ${
        pending
          ? html`<td class="actions-cell">${decideForms(a, input.csrf, input.refusalOf(a))}</td>`
          : html`<td data-label="Decided">${time(a.decidedAt)}<div class="muted">by ${a.decidedByEmail ?? '—'}</div>${a.decisionReason ? html`<div>${a.decisionReason}</div>` : ''}</td>`
      }
    </tr>`,
    )}</tbody></table></div>`
  }
  ${pager('/admin/approvals', pending ? {} : { status: 'decided' }, input.page, input.hasMore)}
</section>`;
};

const limitValue = (limit: TAmountLimit) => (limit === null ? '' : (Number(limit) / 100).toFixed(2));

const limitCell = (
  role: TOperatorRole,
  action: TLimitedAction,
  limit: TAmountLimit,
  canEdit: boolean,
): Html =>
  canEdit
    ? html`<input name="${role}.${action}" value="${limitValue(limit)}" inputmode="decimal" pattern="[0-9]+([.][0-9]{1,2})?" placeholder="no limit" aria-label="${ROLE_NAMES[role]}: ${ACTION_NAMES[action]}" size="10">`
    : html`${limit === null ? 'no limit' : limitValue(limit)}`;

export const limitsBody = (input: {
  rows: { role: TOperatorRole; limits: Record<TLimitedAction, TAmountLimit> }[];
  canEdit: boolean;
  csrf: string;
}) => html`${head('limits')}
<section class="panel" aria-labelledby="limits-title">
  <h2 id="limits-title">Per-role amount limits</h2>
  <p class="hint">The most one operator of a role may move alone in one action, in the player's currency. Above it the action waits for a second operator whose role covers it. Blank: no limit; 0: nothing alone. A role also needs the action's permission.</p>
  <form method="post" action="/admin/approvals/limits">
    ${input.canEdit ? csrfField(input.csrf) : ''}
    <div class="table-wrap"><table class="cards">
      <thead><tr><th scope="col">Role</th>${LIMITED_ACTIONS.map((a) => html`<th scope="col" class="num">${ACTION_NAMES[a]}</th>`)}</tr></thead>
      <tbody>${input.rows.map(
        (r) =>
          html`<tr data-role="${r.role}"><th scope="row">${ROLE_NAMES[r.role]}</th>${LIMITED_ACTIONS.map(
            (a) =>
              html`<td data-label="${ACTION_NAMES[a]}" class="num">${limitCell(r.role, a, r.limits[a], input.canEdit)}</td>`,
          )}</tr>`,
      )}</tbody>
    </table></div>
    ${input.canEdit ? html`<button class="btn btn-primary gap-above" type="submit">Save limits</button>` : ''}
  </form>
</section>`;
