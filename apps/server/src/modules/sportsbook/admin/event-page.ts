/**
 * One event on the sportsbook desk: every market with each outcome's price, open bets and liability, and the
 * operator's actions on it (suspend or resume; settle with the winning outcomes, or void, with a reason).
 */
import { DEFAULT_CURRENCY } from '@casino/contracts';
import { badge, csrfField, type Html, html, money, time } from '../../backoffice/index.ts';
import type { TAdminMarket, TAdminOutcome, TEventBook } from './event-queries.ts';
import { deskTabs, eventStatusBadge, oddsText, scoreText } from './events-page.ts';

const settled = (m: TAdminMarket) => m.outcomes.some((o) => o.result !== null);

const marketBadge = (m: TAdminMarket) => {
  if (m.status === 0) return settled(m) ? badge('settled', 'info') : badge('deactivated', 'neutral');
  if (m.watchdogSuspended) return badge('suspended: feed silent', 'warn');
  return m.status === 1 ? badge('active', 'good') : badge('suspended', 'warn');
};

const resultText = (o: TAdminOutcome) => {
  if (o.result === null) return html`<span class="muted">—</span>`;
  if (o.voidHalves === 2) return badge('void', 'neutral');
  const text = o.result === 1 ? 'won' : 'lost';
  const extra = [
    o.voidHalves === 1 ? 'half void' : '',
    o.deadHeat && o.deadHeat !== '1' ? `dead heat ${o.deadHeat}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  return html`${badge(text, o.result === 1 ? 'good' : 'bad')}${extra ? html` <span class="muted">${extra}</span>` : ''}`;
};

const key = (m: TAdminMarket) => `${m.id}-${m.specifiers.replace(/[^\w-]/g, '_')}`;

const hidden = (m: TAdminMarket, csrf: string) =>
  html`${csrfField(csrf)}<input type="hidden" name="market_id" value="${m.id}"><input type="hidden" name="specifiers" value="${m.specifiers}">`;

/** Suspend or resume, at the market's head (a settled or deactivated market has neither). */
const toggleForm = (eventId: string, m: TAdminMarket, csrf: string): Html | '' => {
  if (m.status === 0) return '';
  const action = m.status === 1 ? 'suspend' : 'resume';
  const label = m.status === 1 ? 'Suspend' : 'Resume';
  return html`<div class="actions"><form method="post" action="/admin/sportsbook/events/${encodeURIComponent(eventId)}/markets/${action}">
    ${hidden(m, csrf)}
    <button class="btn ${m.status === 1 ? 'btn-secondary' : 'btn-primary'} btn-sm" type="submit" aria-label="${label} ${m.name}">${label}</button>
  </form></div>`;
};

/** Settle (tick the winners) or void, with a reason, under the market's outcomes. */
const settleForms = (eventId: string, m: TAdminMarket, csrf: string, notStarted: boolean): Html | '' => {
  if (m.outcomes.length === 0) return '';
  const base = `/admin/sportsbook/events/${encodeURIComponent(eventId)}/markets`;
  const k = key(m);
  return html`<details class="settle gap-above">
    <summary class="btn btn-secondary btn-sm">${settled(m) ? 'Correct the settlement…' : 'Settle or void…'}</summary>
    <div class="form-grid">
      <form method="post" action="${base}/settle" aria-label="Settle ${m.name}">
        ${hidden(m, csrf)}
        <fieldset class="field"><legend>Winning outcomes (the others lose)</legend><div class="choices">${m.outcomes.map(
          (o) => html`<label><input type="checkbox" name="winners" value="${o.id}"> ${o.name}</label>`,
        )}</div></fieldset>
        <div class="field"><label for="settle-reason-${k}">Reason (recorded in the audit log)</label>
          <input id="settle-reason-${k}" name="reason" required minlength="3" maxlength="500"></div>
        <label class="field"><span><input type="checkbox" name="confirm" value="1" required> I have checked the result: every bet on this market is paid by it</span></label>
        ${notStarted ? html`<label class="field" data-override><span><input type="checkbox" name="override" value="1"> Settle before the start: the event has not started (the reason says why; it is audited)</span></label>` : ''}
        <button class="btn btn-primary btn-sm" type="submit">Settle the bets</button>
      </form>
      <form method="post" action="${base}/void" aria-label="Void ${m.name}">
        ${hidden(m, csrf)}
        <div class="field"><label for="void-reason-${k}">Reason to void (every stake is returned)</label>
          <input id="void-reason-${k}" name="reason" required minlength="3" maxlength="500"></div>
        <label class="field"><span><input type="checkbox" name="confirm" value="1" required> Void it: every bet on this market gets its stake back</span></label>
        <button class="btn btn-danger btn-sm" type="submit">Void the market</button>
      </form>
    </div>
    ${settled(m) ? html`<p class="hint">Settling again corrects the result: each bet gives back what it was paid, then is paid what the new result says.</p>` : ''}
  </details>`;
};

const marketPanel = (
  eventId: string,
  m: TAdminMarket,
  csrf: string,
  canTrade: boolean,
  notStarted: boolean,
) => {
  const liability = m.outcomes.reduce((max, o) => (o.liability > max ? o.liability : max), 0n);
  return html`<section class="panel" data-market="${m.id}/${m.specifiers}" aria-labelledby="market-${key(m)}">
  <div class="page-head">
    <div><h2 id="market-${key(m)}">${m.name} ${marketBadge(m)}</h2>
    <p class="sub">Market ${m.id}${m.specifiers ? html` · <span class="mono">${m.specifiers}</span>` : ''} · worst liability ${money(liability, DEFAULT_CURRENCY)}</p></div>
    ${canTrade ? toggleForm(eventId, m, csrf) : ''}
  </div>
  ${
    m.outcomes.length === 0
      ? html`<p class="empty">No outcomes priced yet.</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Outcome</th><th scope="col" class="num">Odds</th><th scope="col">Offered</th><th scope="col" class="num">Open bets</th><th scope="col" class="num">Liability</th><th scope="col">Result</th></tr></thead>
    <tbody>${m.outcomes.map(
      (o) => html`<tr data-outcome="${o.id}">
      <td data-label="Outcome">${o.name} <span class="muted mono">${o.id}</span></td>
      <td data-label="Odds" class="num">${oddsText(o.odds)}</td>
      <td data-label="Offered">${o.active ? 'yes' : html`<span class="muted">no</span>`}</td>
      <td data-label="Open bets" class="num">${o.bets}</td>
      <td data-label="Liability" class="num"><strong>${money(o.liability, DEFAULT_CURRENCY)}</strong></td>
      <td data-label="Result">${resultText(o)}</td>
    </tr>`,
    )}</tbody></table></div>`
  }
  ${canTrade ? settleForms(eventId, m, csrf, notStarted) : ''}
</section>`;
};

export const sportsbookEventBody = (input: { event: TEventBook; csrf: string; canTrade: boolean }) => {
  const e = input.event;
  return html`<div class="page-head">
  <div><p class="sub"><a href="/admin/sportsbook">Sportsbook</a> / <span class="mono">${e.id}</span></p>
  <h1>${e.name || e.id} ${eventStatusBadge(e.status)} ${scoreText(e.score)}</h1>
  <p class="sub">${e.sport.replaceAll('_', ' ')} · ${e.tournament} · starts ${time(e.startTime)} · <a href="/admin/sportsbook/bets?event=${encodeURIComponent(e.id)}">Bets on this event</a></p></div>
</div>
${deskTabs('events')}
${
  input.canTrade
    ? html`<p class="hint gap-below">Suspending, resuming, settling and voiding go through the odds feed's own path, as if the feed had sent them; the feed's later messages apply on top.</p>`
    : ''
}
${e.markets.length === 0 ? html`<section class="panel"><p class="empty">The feed has sent no markets for this event.</p></section>` : e.markets.map((m) => marketPanel(e.id, m, input.csrf, input.canTrade, e.status === 'not_started'))}`;
};
