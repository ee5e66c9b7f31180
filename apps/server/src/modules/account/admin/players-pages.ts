/** The player's page (balances, verification, sessions, the ban, ledger; the modules' panels). */
import type { TPermission, TPlayerPageSlot } from '../../backoffice/index.ts';
import {
  badge,
  csrfField,
  dateTime,
  type Html,
  html,
  money,
  pager,
  statusBadge,
  time,
} from '../../backoffice/index.ts';
import type { TBalances, TLedgerLine } from '../../ledger/index.ts';
import type { TPlayer, TPlayerContact } from '../../players/index.ts';
import type { TVerificationStatus } from './player-admin.ts';

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

export interface TPlayerPageInput {
  player: TPlayer;
  balances: TBalances;
  contacts: TPlayerContact[];
  sessions: { id: number; createdAt: Date; lastSeenAt: Date; ip: string | null; userAgent: string | null }[];
  verification: TVerificationStatus;
  ledger: { lines: TLedgerLine[]; hasMore: boolean; page: number } | null;
  csrf: string;
  allowed: (permission: TPermission) => boolean;
  /** The other modules' panels, drawn (player-panels.ts), by where they go. */
  panels: Record<TPlayerPageSlot, (Html | null)[]>;
}

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
  <div><p class="sub"><a href="/admin/players">Players</a> / #${p.id}</p><h1>${p.login} ${
    // A time-out or self-exclusion says so instead of "active" (responsible-gaming's badge, issue 40).
    p.status === 'active' && input.panels.status.some(Boolean) ? '' : statusBadge(p.status)
  } ${input.panels.status}</h1>
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
${input.panels.summary}
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
      ${input.panels.facts}
      <dt>Two-factor</dt><dd>${p.twoFactorEnabled ? 'on' : 'off'}</dd>
      <dt>Withdrawals</dt><dd><a href="/admin/withdrawals?status=pending">Queue</a></dd>
      ${input.allowed('sportsbook.read') ? html`<dt>Sportsbook</dt><dd><a href="/admin/sportsbook/players/${p.id}">Bets, stake factor and debts</a></dd>` : ''}
    </dl>
  </section>
  ${input.panels.beside}
  <section class="panel" aria-labelledby="sessions-title">
    <h2 id="sessions-title">Sessions <span class="muted">${input.sessions.length} active</span></h2>
    ${
      input.sessions.length === 0
        ? html`<p class="empty">Not signed in anywhere.</p>`
        : html`<div class="table-wrap"><table class="cards">
      <thead><tr><th scope="col">Last seen</th><th scope="col">IP</th><th scope="col">Browser</th></tr></thead>
      <tbody>${input.sessions.map(
        (s) =>
          html`<tr><td data-label="Last seen">${time(s.lastSeenAt)}</td><td data-label="IP" class="mono">${s.ip ?? '—'}</td><td data-label="Browser" class="wrap">${s.userAgent ? (s.userAgent.length > 60 ? `${s.userAgent.slice(0, 60)}…` : s.userAgent) : '—'}</td></tr>`,
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
  ${input.panels.actions}
  ${input.allowed('players.ban') && p.status !== 'deleted' ? html`<section class="panel" aria-labelledby="ban-title"><h2 id="ban-title">${p.status === 'banned' ? 'Banned' : 'Ban'}</h2>${banForm(p, input.csrf)}</section>` : ''}
</div>
${input.panels.below}
${input.ledger ? html`<section class="panel" aria-labelledby="ledger-title"><h2 id="ledger-title">Ledger entries</h2>${ledgerTable(input.ledger, p)}</section>` : ''}`;
};
