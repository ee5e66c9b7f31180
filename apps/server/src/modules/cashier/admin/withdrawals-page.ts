/**
 * The withdrawal queue: pending first (oldest at the top), with tabs for the settled ones. A pending withdrawal that
 * holds a bonus says so on its row, and approving it asks first: the payout forfeits the bonus (ADR 049, 053).
 */
import { badge, csrfField, html, money, pager, shortId, statusBadge, time } from '../../backoffice/index.ts';
import { exclusionBadge } from '../../responsible-gaming/index.ts';
import type { TWithdrawalHeldBonus } from '../withdrawal-checks.ts';
import type { TWithdrawal, TWithdrawalQuery } from './withdrawal-queue.ts';
import { ageInDays, type TWithdrawalRisk } from './withdrawal-risk.ts';

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
      <button class="btn btn-danger btn-sm" type="submit">Decline and refund…</button>
    </form>
  </details>
</div>`;

/** What the reviewer weighs: KYC, the account's age, money in and out, bonuses, the method's match, RG. */
const riskCell = (w: TWithdrawal, risk: TWithdrawalRisk | undefined, now: Date) => {
  if (!risk) return html`<span class="muted">—</span>`;
  const age = ageInDays(risk.registeredAt, now);
  const matches = risk.depositMethods.includes(w.method);
  const net = risk.deposited - risk.withdrawn;
  return html`<ul class="req" data-risk>
    <li><span>KYC:</span> ${statusBadge(risk.kyc)}</li>
    <li><span>Account:</span> ${age === null ? '—' : `${age} day${age === 1 ? '' : 's'} old`}</li>
    <li><span>Deposits:</span> ${risk.deposits} · ${money(risk.deposited, w.currency)}</li>
    <li><span>Paid out:</span> ${money(risk.withdrawn, w.currency)} · net ${money(net, w.currency)}</li>
    <li><span>Bonuses:</span> ${risk.bonuses}${risk.openBonuses > 0 ? ` (${risk.openBonuses} open)` : ''}</li>
    <li><span>Method:</span> ${matches ? badge('deposited this way', 'good') : badge(`never deposited by ${METHOD_NAMES[w.method] ?? w.method}`, 'warn')}</li>
    ${risk.rg ? html`<li><span>RG:</span> ${exclusionBadge(risk.rg ? { ...risk.rg, period: '' } : null)}</li>` : ''}
  </ul>`;
};

const filterForm = (filter: TWithdrawalQuery) => {
  const cents = (v: bigint | null) => (v === null ? '' : (Number(v) / 100).toFixed(2));
  const day = (v: Date | null) => (v ? v.toISOString().slice(0, 10) : '');
  const query = new URLSearchParams(
    Object.entries({
      status: filter.status,
      method: filter.method ?? '',
      min: cents(filter.min),
      max: cents(filter.max),
      from: day(filter.from),
      to: day(filter.to),
    }).filter(([, v]) => v !== ''),
  );
  return html`<form class="filters" method="get" action="/admin/withdrawals" aria-label="Filter withdrawals">
  <input type="hidden" name="status" value="${filter.status}">
  <div class="field"><label for="wf-method">Method</label><select id="wf-method" name="method"><option value="">Any</option>${Object.entries(
    METHOD_NAMES,
  ).map(
    ([id, name]) =>
      html`<option value="${id}" ${filter.method === id ? html`selected` : ''}>${name}</option>`,
  )}</select></div>
  <div class="field"><label for="wf-min">Amount from</label><input id="wf-min" name="min" inputmode="decimal" size="8" value="${cents(filter.min)}"></div>
  <div class="field"><label for="wf-max">to</label><input id="wf-max" name="max" inputmode="decimal" size="8" value="${cents(filter.max)}"></div>
  <div class="field"><label for="wf-from">Requested from</label><input id="wf-from" name="from" type="date" value="${day(filter.from)}"></div>
  <div class="field"><label for="wf-to">to</label><input id="wf-to" name="to" type="date" value="${day(filter.to)}"></div>
  <button class="btn btn-secondary" type="submit">Filter</button>
  <a class="btn btn-ghost" href="/admin/withdrawals/export.csv?${query.toString()}" download>Export CSV</a>
</form>`;
};

/** Who settled it: the paid and declined tabs say who, a decline why. */
const decidedNote = (w: TWithdrawal) =>
  w.decidedBy
    ? html`<div class="muted" data-decided>${w.status === 'failed' ? 'Declined' : 'Paid'} by ${w.decidedBy}</div>${
        w.decisionReason ? html`<div data-decline-reason>“${w.decisionReason}”</div>` : ''
      }`
    : w.status === 'cancelled'
      ? html`<div class="muted">by the player</div>`
      : '';

export const withdrawalsBody = (input: {
  status: string;
  rows: TWithdrawal[];
  page: number;
  hasMore: boolean;
  csrf: string;
  canReview: boolean;
  filter: TWithdrawalQuery;
  risks: Map<number, TWithdrawalRisk>;
  /** Pending withdrawals waiting for a second operator's approval, with who asked. */
  waiting: Map<string, string>;
  now: Date;
}) => {
  const pending = input.status === 'pending';
  const tabQuery = (status: string) => {
    const q = new URLSearchParams({ status });
    for (const [k, v] of Object.entries({
      method: input.filter.method ?? '',
      min: input.filter.min === null ? '' : (Number(input.filter.min) / 100).toFixed(2),
      max: input.filter.max === null ? '' : (Number(input.filter.max) / 100).toFixed(2),
      from: input.filter.from?.toISOString().slice(0, 10) ?? '',
      to: input.filter.to?.toISOString().slice(0, 10) ?? '',
    }))
      if (v) q.set(k, v);
    return q.toString();
  };
  return html`<div class="page-head">
  <div><h1>Withdrawals</h1><p class="sub">Money is held from the player's balance until you approve (paid out) or decline (refunded).</p></div>
</div>
<nav aria-label="Withdrawal status"><ul class="tabs">${TABS.map(
    (t) =>
      html`<li><a href="/admin/withdrawals?${tabQuery(t.status)}" ${t.status === input.status ? html`aria-current="page"` : ''}>${t.label}</a></li>`,
  )}</ul></nav>
<section class="panel">${filterForm(input.filter)}</section>
<section class="panel" aria-labelledby="queue-title">
  <h2 id="queue-title" class="visually-hidden">${TABS.find((t) => t.status === input.status)?.label} withdrawals</h2>
  ${
    input.rows.length === 0
      ? html`<p class="empty">${pending ? 'Nothing waiting. The queue is empty.' : 'No withdrawals here yet.'}</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Requested</th><th scope="col">Player</th><th scope="col" class="num">Amount</th><th scope="col">Method</th><th scope="col">Requisites</th><th scope="col">Risk</th><th scope="col">Status</th>${pending && input.canReview ? html`<th scope="col">Decision</th>` : ''}</tr></thead>
    <tbody>${input.rows.map(
      (w) => html`<tr data-withdrawal="${w.id}">
      <td data-label="Requested" class="nowrap">${time(w.createdAt)}<div class="muted mono" title="${w.id}">${shortId(w.id)}</div></td>
      <td data-label="Player"><a href="/admin/players/${w.playerId}">${w.login}</a><div class="muted">#${w.playerId}</div></td>
      <td data-label="Amount" class="num"><strong>${money(w.amount, w.currency)}</strong>${pending ? heldBonusNote(w) : ''}</td>
      <td data-label="Method">${METHOD_NAMES[w.method] ?? w.method}</td>
      <td data-label="Requisites">${requisites(w.requisites)}</td>
      <td data-label="Risk">${riskCell(w, input.risks.get(w.playerId), input.now)}</td>
      <td data-label="Status">${statusBadge(w.status)}${pending ? '' : html`<div class="muted">${time(w.updatedAt)}</div>`}${decidedNote(w)}${
        input.waiting.has(w.id)
          ? html`<div class="held-bonus" data-waiting-approval>Over the limit of ${input.waiting.get(w.id)}: waits for a second operator on <a href="/admin/approvals">Approvals</a>.</div>`
          : ''
      }</td>
      ${pending && input.canReview ? html`<td class="actions-cell">${reviewActions(w, input.csrf)}</td>` : ''}
    </tr>`,
    )}</tbody></table></div>`
  }
  ${pager(
    '/admin/withdrawals',
    Object.fromEntries(new URLSearchParams(tabQuery(input.status))),
    input.page,
    input.hasMore,
  )}
</section>`;
};
