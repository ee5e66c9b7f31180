/** The desk's margins and stake limits per sport and market: the rows in force and the form that sets one. */
import { DEFAULT_CURRENCY } from '@casino/contracts';
import { csrfField, html, money, time } from '../../backoffice/index.ts';
import type { TBookLimit } from '../book-limits.ts';
import { marketName, namingOf } from '../market-names.ts';
import { deskTabs } from './events-page.ts';

const percent = (bp: number | null) =>
  bp === null ? html`<span class="muted">—</span>` : `${(bp / 100).toFixed(2)}%`;

export const bookLimitsBody = (input: {
  limits: TBookLimit[];
  sports: string[];
  csrf: string;
  canEdit: boolean;
}) => html`<div class="page-head">
  <div><h1>Sportsbook</h1><p class="sub">The book's margin on the feed's prices and the most a bet may stake, per sport and per market (a market's row wins over its sport's). Each player's stake factor scales the stake limit.</p></div>
</div>
${deskTabs('limits')}
<section class="panel" aria-labelledby="limits-title">
  <h2 id="limits-title">In force</h2>
  ${
    input.limits.length === 0
      ? html`<p class="empty">None: the feed's prices are offered as they are, and the book's own limits hold.</p>`
      : html`<div class="table-wrap"><table class="cards">
    <thead><tr><th scope="col">Sport</th><th scope="col">Market</th><th scope="col" class="num">Margin</th><th scope="col" class="num">Most per bet</th><th scope="col">Changed</th></tr></thead>
    <tbody>${input.limits.map(
      (l) => html`<tr data-limit="${l.sport}/${l.marketId}">
      <td data-label="Sport">${l.sport.replaceAll('_', ' ')}</td>
      <td data-label="Market">${l.marketId === 0 ? 'All markets' : html`${marketName(l.marketId, namingOf([], ''))} <span class="muted mono">${l.marketId}</span>`}</td>
      <td data-label="Margin" class="num">${percent(l.marginBp)}</td>
      <td data-label="Most per bet" class="num">${l.maxStake === null ? html`<span class="muted">—</span>` : money(l.maxStake, DEFAULT_CURRENCY)}</td>
      <td data-label="Changed">${time(l.updatedAt)}</td>
    </tr>`,
    )}</tbody></table></div>`
  }
</section>
${
  input.canEdit
    ? html`<section class="panel" aria-labelledby="limit-form-title">
  <h2 id="limit-form-title">Set a margin or a stake limit</h2>
  <form method="post" action="/admin/sportsbook/limits" class="form-grid" aria-label="Set a margin or a stake limit">
    ${csrfField(input.csrf)}
    <div class="field"><label for="l-sport">Sport</label><select id="l-sport" name="sport" required>${input.sports.map(
      (s) => html`<option value="${s}">${s.replaceAll('_', ' ')}</option>`,
    )}</select></div>
    <div class="field"><label for="l-market">Market id (empty: the whole sport)</label><input id="l-market" name="market_id" inputmode="numeric" maxlength="7"></div>
    <div class="field"><label for="l-margin">Margin, % (empty: none)</label><input id="l-margin" name="margin" inputmode="decimal" maxlength="5"></div>
    <div class="field"><label for="l-stake">Most per bet (empty: the book's)</label><input id="l-stake" name="max_stake" inputmode="decimal" maxlength="12"></div>
    <div class="field"><label for="l-reason">Reason (recorded in the audit log)</label><input id="l-reason" name="reason" required minlength="3" maxlength="500"></div>
    <p class="hint">Both empty removes the row. Open outcomes are repriced at once from the feed's prices.</p>
    <button class="btn btn-primary" type="submit">Save</button>
  </form>
</section>`
    : ''
}`;
