/** Player search and the player's page (balances, verification, limits, sessions, actions, ledger). */
import type { TDepositLimitView } from '../../cashier/deposit-limit.ts';
import type { TBalances } from '../../ledger/balances.ts';
import type { TPlayer, TPlayerContact } from '../../players/schema.ts';
import type { playerLifetime } from '../../reports/report-queries.ts';
import type { TPermission } from '../permissions.ts';
import type { TLedgerLine, TPlayerHit, TVerificationStatus } from '../player-admin.ts';
import { badge, dateTime, money, statusBadge, time } from './format.ts';
import { type Html, html } from './html.ts';
import { csrfField, pager } from './layout.ts';
import { loyaltyPointsPanel } from './loyalty-points-form.ts';

export const playerSearchBody = (input: { query: string; hits: TPlayerHit[] }) => html`<div class="page-head">
  <div><h1>Players</h1><p class="sub">Find a player by id, login, e-mail or phone.</p></div>
</div>
<section class="panel">
  <form class="filters" method="get" action="/admin/players" role="search">
    <div class="field"><label for="q">Search</label><input id="q" name="q" type="search" value="${input.query}" placeholder="#42, jane, jane@example.com, +44 20…" autofocus></div>
    <button class="btn btn-primary" type="submit">Search</button>
  </form>
</section>
${
  input.query
    ? html`<section class="panel" aria-labelledby="results-title">
  <h2 id="results-title">${input.hits.length} ${input.hits.length === 1 ? 'player' : 'players'} found</h2>
  ${
    input.hits.length === 0
      ? html`<p class="empty">No player matches “${input.query}”.</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Id</th><th scope="col">Login</th><th scope="col">E-mail</th><th scope="col">Phone</th><th scope="col">Status</th><th scope="col">Registered</th></tr></thead>
    <tbody>${input.hits.map(
      (p) => html`<tr>
      <td data-label="Id" class="mono">#${p.id}</td>
      <td data-label="Login"><a href="/admin/players/${p.id}">${p.login}</a></td>
      <td data-label="E-mail">${p.email ?? html`<span class="muted">—</span>`}</td>
      <td data-label="Phone">${p.phone ?? html`<span class="muted">—</span>`}</td>
      <td data-label="Status">${statusBadge(p.status)}</td>
      <td data-label="Registered">${time(p.createdAt)}</td>
    </tr>`,
    )}</tbody></table></div>`
  }
</section>`
    : ''
}`;

const KIND_TEXT: Record<string, string> = {
  deposit: 'Deposit',
  'demo.grant': 'Demo money',
  'game.bet': 'Game bet',
  'game.win': 'Game win',
  'game.rollback': 'Game rollback',
  'withdrawal.hold': 'Withdrawal (held)',
  'withdrawal.cancelled': 'Withdrawal cancelled',
  'withdrawal.declined': 'Withdrawal declined',
  'withdrawal.approved': 'Withdrawal paid',
  'adjustment.credit': 'Adjustment (credit)',
  'adjustment.debit': 'Adjustment (debit)',
  'bonus.grant': 'Bonus credited',
  'bonus.convert': 'Bonus converted',
  'bonus.forfeit': 'Bonus forfeited',
  'bonus.expire': 'Bonus expired',
  'bonus.cancel': 'Bonus cancelled',
  'bonus.pause': 'Bonus paused',
  'bonus.hold': 'Bonus held for a withdrawal',
  'bonus.release': 'Bonus back from a withdrawal',
  'tournament.entry': 'Tournament entry fee',
  'tournament.refund': 'Tournament entry refunded',
  'tournament.prize': 'Tournament prize',
};

const limitText = (limit: TDepositLimitView, currency: string) => {
  if (limit.limit_amount === null) return html`<span class="muted">No deposit limit</span>`;
  const left =
    limit.available_amount === null
      ? ''
      : html` · ${money(BigInt(Math.round(limit.available_amount * 100)), currency)} left`;
  return html`${money(BigInt(Math.round(limit.limit_amount * 100)), currency)} per ${limit.period}${left}`;
};

type TLifetime = Awaited<ReturnType<typeof playerLifetime>>;

export interface TPlayerPageInput {
  player: TPlayer;
  balances: TBalances;
  contacts: TPlayerContact[];
  sessions: { id: number; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null }[];
  depositLimit: TDepositLimitView;
  verification: TVerificationStatus;
  ledger: { lines: TLedgerLine[]; hasMore: boolean; page: number } | null;
  csrf: string;
  adjustmentKey: string;
  /** The player's loyalty points (shown with the adjustment form to operators who may adjust). */
  loyaltyPoints?: number;
  allowed: (permission: TPermission) => boolean;
  /** Lifetime figures from the report aggregates (shown to roles that read reports or the ledger). */
  lifetime: TLifetime | null;
  /** The bonuses panel with its grant and cancel forms (ui/player-bonuses-panel.ts). */
  bonuses?: Html | null;
  /** The sign-up source panel (ui/sign-up-source-panel.ts). */
  signUpSource?: Html | null;
}

const lifetimePanel = (
  life: TLifetime,
  currency: string,
) => html`<section class="panel" aria-labelledby="ltv-title">
  <h2 id="ltv-title">Lifetime value <span class="muted">${life.firstDay ? `since ${life.firstDay}, as of the last daily aggregation` : 'no activity aggregated yet'}</span></h2>
  <dl class="stats">
    <div class="stat"><dt>NGR (lifetime value)</dt><dd>${money(life.ngr, currency)}</dd></div>
    <div class="stat"><dt>GGR</dt><dd>${money(life.ggr, currency)}</dd></div>
    <div class="stat"><dt>Stakes</dt><dd>${money(life.stakes, currency)}</dd></div>
    <div class="stat"><dt>Deposits</dt><dd>${money(life.deposits, currency)}</dd></div>
    <div class="stat"><dt>Withdrawals</dt><dd>${money(life.withdrawals, currency)}</dd></div>
    <div class="stat"><dt>Bonus converted</dt><dd>${money(life.bonusConverted, currency)}</dd></div>
  </dl>
</section>`;

const banForm = (p: TPlayer, csrf: string) => {
  const banned = p.status === 'banned';
  return html`<form method="post" action="/admin/players/${p.id}/${banned ? 'unban' : 'ban'}">
  ${csrfField(csrf)}
  <div class="field"><label for="ban-reason">${banned ? 'Reason to lift the ban' : 'Reason for the ban'}</label>
    <input id="ban-reason" name="reason" required minlength="3" maxlength="500"></div>
  <button class="btn ${banned ? 'btn-secondary' : 'btn-danger'}" type="submit">${banned ? 'Unban player' : 'Ban player'}</button>
  ${banned ? '' : html`<p class="hint">A ban signs the player out everywhere and refuses every call.</p>`}
</form>`;
};

const adjustForm = (
  p: TPlayer,
  csrf: string,
  key: string,
) => html`<form method="post" action="/admin/players/${p.id}/adjust">
  ${csrfField(csrf)}
  <input type="hidden" name="key" value="${key}">
  <div class="row gap-below">
    <fieldset class="field"><legend>Direction</legend><div class="choices">
      <label><input type="radio" name="direction" value="credit" checked> Credit</label>
      <label><input type="radio" name="direction" value="debit"> Debit</label>
    </div></fieldset>
    <fieldset class="field"><legend>Balance</legend><div class="choices">
      <label><input type="radio" name="account" value="main" checked> Main</label>
      <label><input type="radio" name="account" value="bonus"> Bonus</label>
    </div></fieldset>
  </div>
  <div class="field"><label for="adj-amount">Amount (${p.currency})</label>
    <input id="adj-amount" name="amount" inputmode="decimal" required pattern="[0-9]+([.][0-9]{1,2})?" placeholder="25.00"></div>
  <div class="field"><label for="adj-reason">Reason (recorded in the audit log)</label>
    <textarea id="adj-reason" name="reason" required minlength="5" maxlength="500"></textarea></div>
  <button class="btn btn-primary" type="submit">Post adjustment</button>
  <p class="hint">A debit can never take a balance below zero.</p>
</form>`;

const ledgerTable = (input: NonNullable<TPlayerPageInput['ledger']>, player: TPlayer) => html`${
  input.lines.length === 0
    ? html`<p class="empty">No money has moved on this player yet.</p>`
    : html`<div class="table-wrap"><table class="cards">
  <thead><tr><th scope="col">Time</th><th scope="col">Movement</th><th scope="col">Balance</th><th scope="col" class="num">Amount</th><th scope="col" class="num">Balance after</th><th scope="col">Reference</th></tr></thead>
  <tbody>${input.lines.map(
    (l) => html`<tr>
    <td data-label="Time" class="nowrap">${time(l.at)}</td>
    <td data-label="Movement">${KIND_TEXT[l.kind] ?? l.kind}${typeof l.meta.reason === 'string' ? html`<div class="muted">${l.meta.reason}</div>` : ''}</td>
    <td data-label="Balance">${l.account}</td>
    <td data-label="Amount" class="num">${l.amount > 0n ? '+' : ''}${money(l.amount, player.currency)}</td>
    <td data-label="Balance after" class="num">${l.balanceAfter === null ? '—' : money(l.balanceAfter, player.currency)}</td>
    <td data-label="Reference" class="mono">${l.reference ?? ''} <span class="muted">tx ${l.transactionId}</span></td>
  </tr>`,
  )}</tbody></table></div>`
}
${pager(`/admin/players/${player.id}`, {}, input.page, input.hasMore)}`;

export const playerBody = (input: TPlayerPageInput) => {
  const { player: p, balances: b } = input;
  return html`<div class="page-head">
  <div><p class="sub"><a href="/admin/players">Players</a> / #${p.id}</p><h1>${p.login} ${statusBadge(p.status)}</h1>
  <p class="sub">Registered ${dateTime(p.createdAt)} · ${p.currency} · ${p.countryCode ?? 'country unknown'}</p></div>
</div>
<section class="panel" aria-labelledby="balances-title">
  <h2 id="balances-title">Balances</h2>
  <dl class="stats">
    <div class="stat"><dt>Main</dt><dd>${money(b.main, p.currency)}</dd></div>
    <div class="stat"><dt>Bonus</dt><dd>${money(b.bonus, p.currency)}</dd></div>
    <div class="stat"><dt>Sports bonus</dt><dd>${money(b.betting_bonus, p.currency)}</dd></div>
    <div class="stat"><dt>Demo (fun)</dt><dd>${money(b.fun, p.currency)}</dd></div>
  </dl>
</section>
${input.lifetime ? lifetimePanel(input.lifetime, p.currency) : ''}
<div class="grid">
  <section class="panel" aria-labelledby="profile-title">
    <h2 id="profile-title">Account</h2>
    <dl class="facts">
      <dt>Contacts</dt><dd>${
        input.contacts.length === 0
          ? html`<span class="muted">none</span>`
          : input.contacts.map(
              (c) =>
                html`<div>${c.value} ${c.isConfirmed ? badge('confirmed', 'good') : badge('unconfirmed', 'neutral')}</div>`,
            )
      }</dd>
      <dt>Verification</dt><dd>${statusBadge(input.verification)} ${
        input.allowed('kyc.read') ? html`<a href="/admin/kyc/${p.id}">Documents</a>` : ''
      }</dd>
      <dt>Deposit limit</dt><dd>${limitText(input.depositLimit, p.currency)}</dd>
      <dt>Two-factor</dt><dd>${p.twoFactorEnabled ? 'on' : 'off'}</dd>
      <dt>Withdrawals</dt><dd><a href="/admin/withdrawals?status=pending">Queue</a></dd>
      ${input.allowed('sportsbook.read') ? html`<dt>Sportsbook</dt><dd><a href="/admin/sportsbook/players/${p.id}">Bets, stake factor and debts</a></dd>` : ''}
    </dl>
  </section>
  ${input.signUpSource ?? ''}
  <section class="panel" aria-labelledby="sessions-title">
    <h2 id="sessions-title">Sessions <span class="muted">${input.sessions.length} active</span></h2>
    ${
      input.sessions.length === 0
        ? html`<p class="empty">Not signed in anywhere.</p>`
        : html`<div class="table-wrap"><table class="cards">
      <thead><tr><th scope="col">Last seen</th><th scope="col">IP</th><th scope="col">Browser</th></tr></thead>
      <tbody>${input.sessions.map(
        (s) =>
          html`<tr><td data-label="Last seen" class="nowrap">${time(s.lastSeenAt)}</td><td data-label="IP" class="mono">${s.ip ?? '—'}</td><td data-label="Browser">${s.userAgent ? (s.userAgent.length > 60 ? `${s.userAgent.slice(0, 60)}…` : s.userAgent) : '—'}</td></tr>`,
      )}</tbody></table></div>`
    }
    ${
      input.allowed('sessions.end') && input.sessions.length > 0
        ? html`<form method="post" action="/admin/players/${p.id}/sessions/end" class="gap-above">${csrfField(input.csrf)}<button class="btn btn-secondary" type="submit">End all sessions</button></form>`
        : ''
    }
  </section>
</div>
<div class="grid">
  ${input.allowed('adjustments.create') ? html`<section class="panel" aria-labelledby="adjust-title"><h2 id="adjust-title">Manual adjustment</h2>${adjustForm(p, input.csrf, input.adjustmentKey)}</section>` : ''}
  ${input.allowed('adjustments.create') && input.loyaltyPoints !== undefined ? loyaltyPointsPanel(p, input.loyaltyPoints, input.csrf, input.adjustmentKey) : ''}
  ${input.allowed('players.ban') && p.status !== 'deleted' ? html`<section class="panel" aria-labelledby="ban-title"><h2 id="ban-title">${p.status === 'banned' ? 'Banned' : 'Ban'}</h2>${banForm(p, input.csrf)}</section>` : ''}
</div>
${input.bonuses ?? ''}
${input.ledger ? html`<section class="panel" aria-labelledby="ledger-title"><h2 id="ledger-title">Ledger entries</h2>${ledgerTable(input.ledger, p)}</section>` : ''}`;
};
