/**
 * Promotions › Wagering caps (issue 40, ADR 066): the cap of each jurisdiction, set by whoever holds settings.edit (a
 * licence matter, not a campaign's), each change audited with before and after in its transaction.
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import {
  auditedUpdate,
  badge,
  csrfField,
  formString,
  formWhole,
  html,
  parseForm,
  promotionsTabs,
  readOnlyNote,
  recordAudit,
  type TActor,
  time,
} from '../../backoffice/index.ts';
import type { TBonusWagerCap } from '../schema.ts';
import { HIGHEST_CAP, LICENCE_JURISDICTION, removeWagerCap, saveWagerCap } from '../wager-caps.ts';

const ZCapForm = z.object({
  jurisdiction: formString().pipe(z.string().trim().toLowerCase().min(1, 'requiredField')),
  name: formString().pipe(z.string().trim().min(1, 'requiredField').max(120, 'maxLength')),
  countries: formString(),
  max_multiplier: formWhole(0, HIGHEST_CAP),
});

export const saveWagerCapForm = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const form = parseForm(ZCapForm, body);
  const countries = [...new Set(form.countries.split(/[\s,]+/).filter(Boolean))].map((c) => c.toUpperCase());
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'wager_cap.save', target: { type: 'wager_cap', id: form.jurisdiction } },
    (tx) =>
      saveWagerCap(
        tx,
        { jurisdiction: form.jurisdiction, name: form.name, countries, maxMultiplier: form.max_multiplier },
        now,
      ),
  );
};

export const removeWagerCapForm = async (ctx: TAppContext, actor: TActor, jurisdiction: string) => {
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const removed = await removeWagerCap(tx, jurisdiction);
    await recordAudit(tx, actor, {
      action: 'wager_cap.remove',
      target: { type: 'wager_cap', id: jurisdiction },
      before: removed.before,
      at: now,
    });
  });
};

const capRow = (c: TBonusWagerCap, canEdit: boolean, csrf: string) => html`<tr>
  <th scope="row"><code>${c.jurisdiction}</code>${c.jurisdiction === LICENCE_JURISDICTION ? html` ${badge('default', 'info')}` : ''}</th>
  <td>${c.name}</td>
  <td>${c.jurisdiction === LICENCE_JURISDICTION ? html`<span class="muted">every country no other row lists</span>` : c.countries.join(', ')}</td>
  <td class="num">${c.maxMultiplier}×</td>
  <td>${time(c.updatedAt)}</td>
  <td>${
    canEdit && c.jurisdiction !== LICENCE_JURISDICTION
      ? html`<form method="post" action="/admin/promotions/wagering/${c.jurisdiction}/remove">${csrfField(csrf)}<button class="btn btn-secondary btn-sm" type="submit">Remove</button></form>`
      : ''
  }</td></tr>`;

const capForm = (
  csrf: string,
) => html`<form method="post" action="/admin/promotions/wagering">${csrfField(csrf)}
<div class="form-grid">
  <div class="field"><label for="w-j">Jurisdiction <span class="muted">(a-z, 0-9, _; an existing one is changed)</span></label>
    <input id="w-j" name="jurisdiction" required pattern="[a-z0-9_]{2,40}" placeholder="mga"></div>
  <div class="field"><label for="w-name">Name</label><input id="w-name" name="name" required maxlength="120" placeholder="Malta Gaming Authority"></div>
  <div class="field"><label for="w-c">Player countries <span class="muted">(ISO codes, e.g. MT, DE; none for the licence)</span></label>
    <input id="w-c" name="countries"></div>
  <div class="field"><label for="w-max">Wagering cap (× the bonus, 0–${HIGHEST_CAP})</label>
    <input id="w-max" name="max_multiplier" inputmode="numeric" required></div>
</div>
<div class="actions"><button class="btn btn-primary" type="submit">Save cap</button></div></form>`;

export const wagerCapsBody = (input: {
  caps: TBonusWagerCap[];
  canEdit: boolean;
  csrf: string;
}) => html`<div class="page-head">
<div><h1>Promotions</h1><p class="sub">Wagering caps: a bonus is granted with its template’s (or offer’s) wagering, at most the cap of the player’s jurisdiction — the row listing the player’s country (the lowest if several do), else the operator’s licence. Templates may ask for up to the highest cap.</p></div></div>
${promotionsTabs('wagering')}
${readOnlyNote(input.canEdit)}
<section class="panel"><div class="table-wrap"><table>
<thead><tr><th scope="col">Jurisdiction</th><th scope="col">Name</th><th scope="col">Countries</th><th scope="col" class="num">Cap</th><th scope="col">Changed</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${input.caps.map((c) => capRow(c, input.canEdit, input.csrf))}</tbody></table></div></section>
${input.canEdit ? html`<section class="panel"><h2>Set a cap</h2>${capForm(input.csrf)}</section>` : ''}`;
