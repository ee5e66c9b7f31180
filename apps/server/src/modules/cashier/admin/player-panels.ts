/** The cashier's parts of the player's page: the deposit limit (a line of the Account list) and the adjustment form. */

import type { TPlayerPagePanel } from '../../backoffice/index.ts';
import { csrfField, html, money } from '../../backoffice/index.ts';
import type { TPlayer } from '../../players/index.ts';
import { getDepositLimit, type TDepositLimitView } from '../deposit-limit.ts';

const limitText = (limit: TDepositLimitView, currency: string) => {
  if (limit.limit_amount === null) return html`<span class="muted">No deposit limit</span>`;
  const left =
    limit.available_amount === null
      ? ''
      : html` · ${money(BigInt(Math.round(limit.available_amount * 100)), currency)} left`;
  return html`${money(BigInt(Math.round(limit.limit_amount * 100)), currency)} per ${limit.period}${left}`;
};

export const depositLimitFact: TPlayerPagePanel = {
  slot: 'facts',
  draw: async (ctx, { player }) => {
    const limit = await getDepositLimit(ctx.db, player.id, ctx.providers.clock.now());
    return html`<dt>Deposit limit</dt><dd>${limitText(limit, player.currency)}</dd>`;
  },
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

/** The manual adjustment's form, with a fresh one-time key, to roles that may adjust. */
export const adjustmentPanel: TPlayerPagePanel = {
  slot: 'actions',
  draw: async (ctx, { player, allowed, csrf }) =>
    allowed('adjustments.create')
      ? html`<section class="panel" aria-labelledby="adjust-title"><h2 id="adjust-title">Manual adjustment</h2>${adjustForm(player, csrf, ctx.providers.random.uuid())}</section>`
      : null,
};
