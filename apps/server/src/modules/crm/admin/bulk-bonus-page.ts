/** The confirmation of a segment's bonus: how many players, the amount each, the total, the operator's limit. */
import { csrfField, type Html, html, money, plural } from '../../backoffice/index.ts';
import type { planBulkBonus, TBulkBonusForm } from '../bulk-bonus.ts';
import { FILTER_FIELDS, type TFilterQuery } from '../player-filter.ts';

type TPlan = Awaited<ReturnType<typeof planBulkBonus>>;

export const bulkBonusConfirmBody = (input: {
  plan: TPlan;
  form: TBulkBonusForm;
  query: TFilterQuery;
  back: string;
  csrf: string;
}): Html => {
  const { plan, form } = input;
  return html`<div class="page-head"><div><p class="sub"><a href="${input.back}">Back</a></p><h1>Confirm the segment’s bonus</h1>
  <p class="sub">Check before it acts: nothing has been granted yet.</p></div></div>
<section class="panel confirm" aria-labelledby="confirm-title" data-confirm="bulk_bonus">
  <h2 id="confirm-title">Grant “${plan.template}” to ${plural(plan.ids.length, { one: '1 player', other: '{n} players' })}</h2>
  <dl class="facts">
    <dt>Each player</dt><dd>${money(plan.each)} <span class="muted">in the player’s own currency</span></dd>
    <dt>Total</dt><dd><strong>${money(plan.total)}</strong></dd>
    <dt>Your limit</dt><dd>Bonus grants: ${plan.limit === null ? 'no limit' : money(plan.limit)}</dd>
    <dt>Reason</dt><dd>${form.reason}</dd>
  </dl>
  ${
    plan.within
      ? html`<p class="hint">Players who may not get a bonus now (in a time-out, excluded, not active) are skipped.</p>`
      : html`<p class="flash flash-error" role="status" data-needs-approval>The total is over your limit: each player’s grant will wait for a second operator’s approval, and nothing is granted until then.</p>`
  }
  <form method="post" action="/admin/players/bulk/bonus" class="gap-above">
    ${csrfField(input.csrf)}
    ${FILTER_FIELDS.map((name) => (input.query[name] ? html`<input type="hidden" name="${name}" value="${input.query[name]}">` : ''))}
    <input type="hidden" name="bonus_template" value="${form.template}">
    <input type="hidden" name="amount" value="${form.amount === null ? '' : money(form.amount).replaceAll(',', '')}">
    <input type="hidden" name="reason" value="${form.reason}">
    <input type="hidden" name="key" value="${form.key}">
    <input type="hidden" name="confirmed" value="1">
    <div class="actions">
      <button class="btn btn-primary" type="submit">${plan.within ? plural(plan.ids.length, { one: 'Grant to 1 player', other: 'Grant to {n} players' }) : 'Ask for approval'}</button>
      <a class="btn btn-secondary" href="${input.back}">Cancel</a>
    </div>
  </form>
</section>`;
};
