/**
 * The campaigns' forms of the back-office (Promotions › promo codes, cashback, popups), read into typed changes and
 * applied through the campaigns module, each with its audit row in the same database transaction. Nothing is
 * written when a field is refused.
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import {
  auditedUpdate,
  formAmount,
  formAmountOrZero,
  formDate,
  formFlag,
  formOptional,
  formString,
  formWhole,
  parseForm,
  recordAudit,
  type TActor,
} from '../../backoffice/index.ts';
import { cashbackDescription, readCashbackWords } from '../cashback-content.ts';
import { copyPopup, createPopup, retirePopup } from '../popups-admin.ts';
import {
  createCashbackProgram,
  type TCashbackPatch,
  type TPopupPatch,
  updateCashbackProgram,
  updatePopup,
} from '../programs-admin.ts';
import {
  createPromoCode,
  generatePromoCodes,
  setPromoCodeActive,
  setPromoCodeAmount,
  switchOffBatch,
  type TPromoCodeTerms,
} from '../promo-codes-admin.ts';
import { formRequired, formWholeOr, showingFields, showingOf } from './campaign-fields.ts';
import { itemFormActions } from './item-form-actions.ts';

/** The terms shared by the create and batch forms, in the order the form is checked. */
const ZCodeTerms = z.object({
  template: formString(),
  bonus_amount: formOptional(formAmount()),
  max_uses: formOptional(formWhole(1, 1_000_000)),
  per_player_limit: formWholeOr('1', 1, 100),
  new_player_days: formOptional(formWhole(1, 3650)),
  starts_at: formOptional(formDate()),
  ends_at: formOptional(formDate()),
  is_public: formFlag(),
});

const codeTermsOf = (form: z.output<typeof ZCodeTerms>): TPromoCodeTerms => ({
  template: form.template,
  bonusAmount: form.bonus_amount,
  maxUses: form.max_uses,
  perPlayerLimit: form.per_player_limit,
  newPlayerDays: form.new_player_days,
  startsAt: form.starts_at,
  endsAt: form.ends_at,
  isPublic: form.is_public,
});

const auditedTerms = (terms: TPromoCodeTerms) => ({
  ...terms,
  bonusAmount: terms.bonusAmount === null ? null : String(terms.bonusAmount),
  startsAt: terms.startsAt?.toISOString() ?? null,
  endsAt: terms.endsAt?.toISOString() ?? null,
});

export const createCode = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const { code, ...form } = parseForm(z.object({ code: formRequired() }).extend(ZCodeTerms.shape), body);
  const terms = codeTermsOf(form);
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const row = await createPromoCode(tx, code, terms, now);
    await recordAudit(tx, actor, {
      action: 'promo_code.create',
      target: { type: 'promo_code', id: row.id },
      after: { code: row.code, ...auditedTerms(terms) },
      at: now,
    });
    return row;
  });
};

export const generateCodes = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const { prefix, count, ...form } = parseForm(
    z.object({ prefix: formRequired(), count: formWhole(1, 1000) }).extend(ZCodeTerms.shape),
    body,
  );
  const terms = codeTermsOf(form);
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const batch = await generatePromoCodes(tx, ctx.providers.random, { prefix, count, terms }, now);
    await recordAudit(tx, actor, {
      action: 'promo_code.batch',
      target: { type: 'promo_code_batch', id: batch.batch },
      after: { prefix, count, first: batch.codes[0], ...auditedTerms(terms) },
      at: now,
    });
    return batch;
  });
};

/** A code's own bonus amount (empty: the template's), granted by its next activations. */
export const saveCodeAmount = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const amount = parseForm(z.object({ bonus_amount: formOptional(formAmount()) }), body).bonus_amount;
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'promo_code.update', target: { type: 'promo_code', id } },
    (tx) => setPromoCodeAmount(tx, id, amount, now),
  );
};

export const switchCode = async (ctx: TAppContext, actor: TActor, id: number, isActive: boolean) => {
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const before = await setPromoCodeActive(tx, id, isActive, now);
    if (before !== isActive)
      await recordAudit(tx, actor, {
        action: 'promo_code.active',
        target: { type: 'promo_code', id },
        before: { is_active: before },
        after: { is_active: isActive },
        at: now,
      });
  });
};

/** Switches a whole batch off, audited once with how many codes it switched (none: nothing recorded). */
export const switchOffCodeBatch = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const { batch } = parseForm(z.object({ batch: formRequired() }), body);
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const switched = await switchOffBatch(tx, batch, now);
    if (switched > 0)
      await recordAudit(tx, actor, {
        action: 'promo_code.batch_off',
        target: { type: 'promo_code_batch', id: batch },
        before: { active_codes: switched },
        after: { active_codes: 0 },
        at: now,
      });
    return batch;
  });
};

/** A cashback program's terms (the edit form; the create form adds a sysname first). */
const ZCashbackTerms = z.object({
  period: formString(),
  percent: formWhole(1, 100),
  min_amount: formAmountOrZero(),
  max_amount: formOptional(formAmount()),
  payout: formString(),
  template: formString(),
  receiving_days: formWhole(1, 90),
  is_active: formFlag(),
});

const cashbackPatchOf = (form: z.output<typeof ZCashbackTerms>): TCashbackPatch => ({
  period: form.period,
  percent: form.percent,
  minAmount: form.min_amount,
  maxAmount: form.max_amount,
  payout: form.payout,
  template: form.template || null,
  receivingDays: form.receiving_days,
  isActive: form.is_active,
});

/** A new cashback program (the edit form's terms and a sysname), its words from content in every site locale. */
export const createCashback = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const { sysname, ...form } = parseForm(
    z.object({ sysname: formRequired() }).extend(ZCashbackTerms.shape),
    body,
  );
  const patch = cashbackPatchOf(form);
  const description = cashbackDescription(
    readCashbackWords(ctx.contentDir),
    patch.period,
    patch.maxAmount !== null,
  );
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const created = await createCashbackProgram(tx, { sysname, patch, description }, now);
    await recordAudit(tx, actor, {
      action: 'cashback_program.create',
      target: { type: 'cashback_program', id: created.program.id },
      after: created.after,
      at: now,
    });
    return created.program;
  });
};

export const saveCashbackProgram = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const patch = cashbackPatchOf(parseForm(ZCashbackTerms, body));
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'cashback_program.update', target: { type: 'cashback_program', id } },
    (tx) => updateCashbackProgram(tx, id, patch, now),
  );
};

/** A popup's words and audience in one locale (the campaigns module checks the words and choices). */
const ZPopupForm = z.object({
  locale: formString(),
  title: formString(),
  text: formString(),
  button: formString(),
  url: formString(),
  audience: formString(),
  pages: formString(),
  frequency: formString(),
  ...showingFields(formString),
});

const popupPatchOf = (body: unknown): TPopupPatch => {
  const form = parseForm(ZPopupForm, body);
  return {
    locale: form.locale || 'en',
    title: form.title,
    text: form.text,
    button: form.button,
    url: form.url.trim() || null,
    audience: form.audience,
    pages: form.pages.split(/[\s,]+/).filter(Boolean),
    frequency: form.frequency,
    ...showingOf(form),
  };
};

const popupActions = itemFormActions({
  type: 'popup',
  sysname: formRequired(),
  patchOf: (_ctx, body) => popupPatchOf(body),
  rowOf: (made) => made.popup,
  create: createPopup,
  update: updatePopup,
  copy: copyPopup,
  retire: retirePopup,
});

export const createPopupFromForm = popupActions.create;
export const savePopup = popupActions.save;
export const copyPopupFromForm = popupActions.copy;
export const retirePopupById = popupActions.retire;
