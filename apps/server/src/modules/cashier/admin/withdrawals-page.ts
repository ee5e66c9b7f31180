/**
 * The withdrawal queue: pending first (oldest at the top), with tabs for the settled ones. A pending withdrawal that
 * holds a bonus says so on its row, and approving it asks first: the payout forfeits the bonus (ADR 049, 053).
 */
import { csrfField, html, money, pager, shortId, statusBadge, time } from '../../backoffice/index.ts';
import type { TWithdrawalHeldBonus } from '../withdrawal-checks.ts';
import type { TWithdrawal } from './withdrawal-queue.ts';

const TABS = [
  { status: 'pending', label: 'Pending' },
  { status: 'success', label: 'Paid' },
  { status: 'failed', label: 'Declined' },
  { status: 'cancelled', label: 'Cancelled by player' },
];

const METHOD_NAMES: Record<string, string> = {
  card: 'Bank card',
  bank_transfer: 'Bank transfer',
  ewallet: 'E-wallet',
};

const LABELS: Record<string, string> = {
  card_holder: 'Holder',
  account_holder: 'Holder',
  card_number: 'Card',
  iban: 'IBAN',
  email: 'E-mail',
};

const requisites = (values: Record<string, string>) =>
  html`<ul class="req">${Object.entries(values).map(
    ([k, v]) => html`<li><span>${LABELS[k] ?? k}:</span> <span class="mono">${v}</span></li>`,
  )}</ul>`;

const bonusName = (b: TWithdrawalHeldBonus, currency: string) =>
  `${b.title} (${b.type === 'betting' ? 'betting bonus ' : ''}#${b.bonusId}, ${money(b.stash, currency)})`;

const bonusNames = (w: TWithdrawal) => w.heldBonuses.map((b) => bonusName(b, w.currency)).join(', ');

/** What a decline does to each held bonus: back to the player, or still held by another pending withdrawal. */
const onDecline = (w: TWithdrawal) =>
  w.heldBonuses
    .map((b) =>
      b.otherWithdrawals === 0
        ? `${bonusName(b, w.currency)} comes back to the player`
        : `${bonusName(b, w.currency)} stays held by ${b.otherWithdrawals} other pending withdrawal${b.otherWithdrawals === 1 ? '' : 's'}`,
    )
    .join('; ');

/** The bonuses the withdrawal holds, as its row says them. */
const heldBonusNote = (w: TWithdrawal) =>
  w.heldBonuses.length === 0
    ? ''
    : html`<div class="held-bonus" data-held-bonus>Holds ${w.heldBonuses.length === 1 ? 'a bonus' : 'bonuses'}: ${bonusNames(w)}. Approving forfeits ${w.heldBonuses.length === 1 ? 'it' : 'them'}; declining: ${onDecline(w)}.</div>`;

const approveAction = (w: TWithdrawal, csrf: string) => {
  const label = `Approve ${money(w.amount, w.currency)} to ${w.login}`;
  if (w.heldBonuses.length === 0)
    return html`<form method="post" action="/admin/withdrawals/${w.id}/approve">
    ${csrfField(csrf)}
    <button class="btn btn-primary btn-sm" type="submit" aria-label="${label}">Approve</button>
  </form>`;
  return html`<details class="inline">
    <summary class="btn btn-primary btn-sm" aria-label="${label}…">Approve…</summary>
    <form class="review-form" method="post" action="/admin/withdrawals/${w.id}/approve">
      ${csrfField(csrf)}
      <p>Paying out forfeits the player's bonus: ${bonusNames(w)}. The player loses its money.</p>
      <button class="btn btn-primary btn-sm" type="submit">Approve and forfeit the bonus</button>
    </form>
  </details>`;
};

const reviewActions = (w: TWithdrawal, csrf: string) => html`<div class="actions">
  ${approveAction(w, csrf)}
  <details class="inline">
    <summary class="btn btn-secondary btn-sm" aria-label="Decline ${money(w.amount, w.currency)} to ${w.login}">Decline…</summary>
    <form class="review-form" method="post" action="/admin/withdrawals/${w.id}/decline">
      ${csrfField(csrf)}
      <label for="reason-${w.id}">Reason (the player is refunded${w.heldBonuses.length > 0 ? html`; ${onDecline(w)}` : ''})</label>
      <input id="reason-${w.id}" name="reason" required minlength="3" maxlength="500">
      <button class="btn btn-danger btn-sm" type="submit">Decline and refund</button>
    </form>
  </details>
</div>`;

export const withdrawalsBody = (input: {
  status: string;
  rows: TWithdrawal[];
  page: number;
  hasMore: boolean;
  csrf: string;
  canReview: boolean;
}) => {
  const pending = input.status === 'pending';
  return html`<div class="page-head">
  <div><h1>Withdrawals</h1><p class="sub">Money is held from the player's balance until you approve (paid out) or decline (refunded).</p></div>
</div>
<nav aria-label="Withdrawal status"><ul class="tabs">${TABS.map(
    (t) =>
      html`<li><a href="/admin/withdrawals?status=${t.status}" ${t.status === input.status ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>
<section class="panel" aria-labelledby="queue-title">
  <h2 id="queue-title" class="visually-hidden">${TABS.find((t) => t.status === input.status)?.label} withdrawals</h2>
  ${
    input.rows.length === 0
      ? html`<p class="empty">${pending ? 'Nothing waiting. The queue is empty.' : 'No withdrawals here yet.'}</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Requested</th><th scope="col">Player</th><th scope="col" class="num">Amount</th><th scope="col">Method</th><th scope="col">Requisites</th><th scope="col">Status</th>${pending && input.canReview ? html`<th scope="col">Decision</th>` : ''}</tr></thead>
    <tbody>${input.rows.map(
      (w) => html`<tr data-withdrawal="${w.id}">
      <td data-label="Requested" class="nowrap">${time(w.createdAt)}<div class="muted mono" title="${w.id}">${shortId(w.id)}</div></td>
      <td data-label="Player"><a href="/admin/players/${w.playerId}">${w.login}</a><div class="muted">#${w.playerId}</div></td>
      <td data-label="Amount" class="num"><strong>${money(w.amount, w.currency)}</strong>${pending ? heldBonusNote(w) : ''}</td>
      <td data-label="Method">${METHOD_NAMES[w.method] ?? w.method}</td>
      <td data-label="Requisites">${requisites(w.requisites)}</td>
      <td data-label="Status">${statusBadge(w.status)}${pending ? '' : html`<div class="muted">${time(w.updatedAt)}</div>`}</td>
      ${pending && input.canReview ? html`<td class="actions-cell">${reviewActions(w, input.csrf)}</td>` : ''}
    </tr>`,
    )}</tbody></table></div>`
  }
  ${pager('/admin/withdrawals', { status: input.status }, input.page, input.hasMore)}
</section>`;
};
