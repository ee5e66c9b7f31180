/**
 * Responsible gaming on the back-office's player page (issue 40): the badge beside the player's status ("time-out
 * until …", "self-excluded until …" rather than "active"), and a panel with the limits, the reality check, every
 * time-out and self-exclusion with its dates, and the history of the player's changes. Read through staff-view.ts.
 */
import {
  badge,
  dateTime,
  type Html,
  html,
  money,
  type TPlayerPagePanel,
  time,
} from '../../backoffice/index.ts';
import type { TExclusion } from '../exclusions.ts';
import type { TRgHistoryKind } from '../history.ts';
import { rgStaffView, rgStatusOf, type TRgHistoryRow, type TRgStaffView } from '../staff-view.ts';

/** The badge of an exclusion in force: what staff must know before they act for the player. */
export const exclusionBadge = (exclusion: TExclusion | null | undefined): Html | '' => {
  if (!exclusion) return '';
  const until = exclusion.until === null ? null : dateTime(exclusion.until);
  return exclusion.type === 'time_out'
    ? html`<span class="badge badge-warn" data-rg-status="time_out">time-out until ${until ?? '—'}</span>`
    : html`<span class="badge badge-bad" data-rg-status="self_exclusion">${until ? `self-excluded until ${until}` : 'self-excluded permanently'}</span>`;
};

/** The badges of many players at once (the lists), by player id. */
export const rgBadgesOf = async (
  db: Parameters<typeof rgStatusOf>[0],
  playerIds: number[],
  now: Date,
): Promise<Map<number, Html>> => {
  const status = await rgStatusOf(db, playerIds, now);
  return new Map([...status].map(([id, exclusion]) => [id, exclusionBadge(exclusion) as Html]));
};

const DAYS = (d: string | number | null) =>
  d === null || d === 'none' ? '' : `${d} day${String(d) === '1' ? '' : 's'}`;

const lossText = (loss: TRgStaffView['loss'], currency: string) => {
  const cents = (major: number | null) => money(BigInt(Math.round((major ?? 0) * 100)), currency);
  const now =
    loss.period === 'none'
      ? html`<span class="muted">none</span>`
      : html`${cents(loss.limit_amount)} per ${DAYS(loss.period)} · ${cents(loss.used_amount)} lost so far`;
  const pending =
    loss.expired_at === null
      ? ''
      : html`<div class="muted">then ${loss.pending_period === 'none' ? 'none' : `${cents(loss.pending_amount)} per ${DAYS(loss.pending_period)}`} from ${dateTime(new Date(loss.expired_at * 1000))} (cooling-off)</div>`;
  return html`${now}${pending}`;
};

const sessionText = (session: TRgStaffView['session']) => {
  const now =
    session.period === 'none'
      ? html`<span class="muted">none</span>`
      : html`${session.limit_minutes} minutes per ${DAYS(session.period)} · ${session.used_minutes} used`;
  const pending =
    session.expired_at === null
      ? ''
      : html`<div class="muted">then ${session.pending_period === 'none' ? 'none' : `${session.pending_minutes} minutes per ${DAYS(session.pending_period)}`} from ${dateTime(new Date(session.expired_at * 1000))} (cooling-off)</div>`;
  return html`${now}${pending}`;
};

const KIND_NAMES: Record<TRgHistoryKind, string> = {
  deposit_limit: 'Deposit limit',
  loss_limit: 'Loss limit',
  session_limit: 'Session limit',
  reality_check: 'Reality check',
};

const limitWords = (kind: TRgHistoryKind, limit: unknown, currency: string) => {
  const l = (limit ?? {}) as { period_days?: number | null; amount?: string | null };
  if (l.period_days === null || l.period_days === undefined || l.amount === null || l.amount === undefined)
    return 'none';
  const amount = kind === 'session_limit' ? `${l.amount} minutes` : money(BigInt(l.amount), currency);
  return `${amount} per ${DAYS(l.period_days)}`;
};

const historyText = (row: TRgHistoryRow, currency: string) => {
  if (row.kind === 'reality_check') {
    const minutes = Number(row.detail.minutes ?? 0);
    return minutes === 0 ? 'switched off' : `every ${minutes} minutes`;
  }
  const pending = row.detail.pending as { at?: string } | null;
  const asked = limitWords(row.kind, row.detail.asked, currency);
  return pending
    ? `asked ${asked}; waits for the cooling-off until ${dateTime(new Date(String(pending.at)))} (${limitWords(row.kind, row.detail.in_force, currency)} until then)`
    : `set to ${asked}, in force at once`;
};

const exclusionState = (row: TRgStaffView['exclusions'][number], now: Date) =>
  row.endsAt !== null && row.endsAt <= now
    ? badge('ended')
    : badge('in force', row.type === 'time_out' ? 'warn' : 'bad');

const panelBody = (
  view: TRgStaffView,
  currency: string,
  now: Date,
) => html`<section class="panel" aria-labelledby="rg-title" id="responsible-gaming" data-rg-panel>
  <h2 id="rg-title">Responsible gaming ${exclusionBadge(view.exclusion) || badge('no restriction', 'good')}</h2>
  <dl class="facts">
    <dt>Time-out / self-exclusion</dt><dd>${
      view.exclusion
        ? html`${view.exclusion.type === 'time_out' ? 'Time-out' : 'Self-exclusion'} (${view.exclusion.period}) until ${view.exclusion.until ? time(view.exclusion.until) : 'permanent'}. The player cannot sign in, deposit, play or get marketing.`
        : html`<span class="muted">none in force</span>`
    }</dd>
    <dt>Loss limit</dt><dd>${lossText(view.loss, currency)}</dd>
    <dt>Session limit</dt><dd>${sessionText(view.session)}</dd>
    <dt>Reality check</dt><dd>${view.realityCheckMinutes === 0 ? html`<span class="muted">off</span>` : `every ${view.realityCheckMinutes} minutes`}</dd>
    <dt>Deposit limit</dt><dd class="muted">in the Account panel</dd>
  </dl>
  <h3>Time-outs and self-exclusions</h3>
  ${
    view.exclusions.length === 0
      ? html`<p class="empty">Never.</p>`
      : html`<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">Kind</th><th scope="col">Period</th><th scope="col">From</th><th scope="col">Until</th><th scope="col">State</th></tr></thead>
    <tbody>${view.exclusions.map(
      (x) =>
        html`<tr><td data-label="Kind">${x.type === 'time_out' ? 'Time-out' : 'Self-exclusion'}</td><td data-label="Period">${x.period}</td><td data-label="From">${time(x.startsAt)}</td><td data-label="Until">${x.endsAt ? time(x.endsAt) : 'permanent'}</td><td data-label="State">${exclusionState(x, now)}</td></tr>`,
    )}</tbody></table></div>`
  }
  <h3>History of changes</h3>
  ${
    view.history.length === 0
      ? html`<p class="empty">No change to a limit or the reality check yet.</p>`
      : html`<div class="table-wrap"><table class="cards"><thead><tr><th scope="col">When</th><th scope="col">What</th><th scope="col">Change</th></tr></thead>
    <tbody>${view.history.map(
      (h) =>
        html`<tr><td data-label="When" class="nowrap">${time(h.at)}</td><td data-label="What">${KIND_NAMES[h.kind]}</td><td data-label="Change">${historyText(h, currency)}</td></tr>`,
    )}</tbody></table></div>`
  }
</section>`;

/** The badge beside the player's status on their page. */
export const rgStatusBadge: TPlayerPagePanel = {
  slot: 'status',
  draw: async (ctx, { player }) =>
    exclusionBadge((await rgStatusOf(ctx.db, [player.id], ctx.providers.clock.now())).get(player.id)) || null,
};

/** The responsible-gaming panel beside the Account panel. */
export const rgPanel: TPlayerPagePanel = {
  slot: 'beside',
  draw: async (ctx, { player }) => {
    const now = ctx.providers.clock.now();
    return panelBody(await rgStaffView(ctx.db, player.id, now), player.currency, now);
  },
};
