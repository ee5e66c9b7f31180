/** The player page's loyalty points panel: the balance and a manual adjustment with a required reason (audited). */
import type { TPlayerPagePanel } from '../../backoffice/index.ts';
import { csrfField, html } from '../../backoffice/index.ts';
import type { TPlayer } from '../../players/index.ts';
import { pointsAccount } from '../points.ts';
import { toPoints } from '../text.ts';

const pointsPanel = (
  p: TPlayer,
  points: number,
  csrf: string,
  key: string,
) => html`<section class="panel" aria-labelledby="points-title">
<h2 id="points-title">Loyalty points</h2>
<p>Balance: <strong data-testid="loyalty-points">${points.toFixed(2)}</strong></p>
<form method="post" action="/admin/players/${p.id}/loyalty-adjust">
  ${csrfField(csrf)}
  <input type="hidden" name="key" value="${key}">
  <fieldset class="field"><legend>Direction</legend><div class="choices">
    <label><input type="radio" name="direction" value="credit" checked> Credit</label>
    <label><input type="radio" name="direction" value="debit"> Debit</label>
  </div></fieldset>
  <div class="field"><label for="pts-amount">Points</label>
    <input id="pts-amount" name="points" inputmode="decimal" required pattern="[0-9]+([.][0-9]{1,2})?" placeholder="100"></div>
  <div class="field"><label for="pts-reason">Reason (recorded in the audit log)</label>
    <textarea id="pts-reason" name="reason" required minlength="5" maxlength="500"></textarea></div>
  <button class="btn btn-primary" type="submit">Adjust points</button>
  <p class="hint">A debit can never take the points below zero.</p>
</form></section>`;

/** The player page's loyalty points panel, with a fresh one-time key, to roles that may adjust. */
export const loyaltyPointsPanel: TPlayerPagePanel = {
  slot: 'actions',
  draw: async (ctx, { player, allowed, csrf }) =>
    allowed('adjustments.create')
      ? pointsPanel(
          player,
          toPoints((await pointsAccount(ctx.db, player.id)).balance),
          csrf,
          ctx.providers.random.uuid(),
        )
      : null,
};
