/**
 * The campaigns' forms of the back-office (Promotions › promo codes, cashback, popups), read into typed changes and
 * applied through the campaigns module, each with its audit row in the same database transaction. Nothing is
 * written when a field is refused.
 */
import type { TAppContext } from '../../../platform/context.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { auditedUpdate, recordAudit, type TActor } from '../../backoffice/audit-log.ts';
import {
  amountField,
  amountOrZeroField,
  dateField,
  intField,
  requiredInt,
} from '../../backoffice/form-values.ts';
import { field } from '../../backoffice/route-kit.ts';
import { cashbackDescription, readCashbackWords } from '../cashback-content.ts';
import {
  createCashbackProgram,
  type TCashbackPatch,
  updateCashbackProgram,
  updatePopup,
} from '../programs-admin.ts';
import {
  createPromoCode,
  generatePromoCodes,
  setPromoCodeActive,
  setPromoCodeAmount,
  type TPromoCodeTerms,
} from '../promo-codes-admin.ts';

const checked = (body: unknown, name: string) => field(body, name) === '1';

const codeTermsFrom = (body: unknown): TPromoCodeTerms => ({
  template: field(body, 'template'),
  bonusAmount: amountField('bonus_amount', field(body, 'bonus_amount'), true),
  maxUses: intField('max_uses', field(body, 'max_uses'), 1, 1_000_000, true),
  perPlayerLimit: requiredInt('per_player_limit', field(body, 'per_player_limit') || '1', 1, 100),
  newPlayerDays: intField('new_player_days', field(body, 'new_player_days'), 1, 3650, true),
  startsAt: dateField('starts_at', field(body, 'starts_at')),
  endsAt: dateField('ends_at', field(body, 'ends_at')),
  isPublic: checked(body, 'is_public'),
});

const auditedTerms = (terms: TPromoCodeTerms) => ({
  ...terms,
  bonusAmount: terms.bonusAmount === null ? null : String(terms.bonusAmount),
  startsAt: terms.startsAt?.toISOString() ?? null,
  endsAt: terms.endsAt?.toISOString() ?? null,
});

export const createCode = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const code = field(body, 'code').trim();
  if (!code) throw invalidParameters({ code: 'requiredField' });
  const terms = codeTermsFrom(body);
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
  const prefix = field(body, 'prefix').trim();
  if (!prefix) throw invalidParameters({ prefix: 'requiredField' });
  const count = requiredInt('count', field(body, 'count'), 1, 1000);
  const terms = codeTermsFrom(body);
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
  const amount = amountField('bonus_amount', field(body, 'bonus_amount'), true);
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

const cashbackPatchFrom = (body: unknown): TCashbackPatch => ({
  period: field(body, 'period'),
  percent: requiredInt('percent', field(body, 'percent'), 1, 100),
  minAmount: amountOrZeroField('min_amount', field(body, 'min_amount')),
  maxAmount: amountField('max_amount', field(body, 'max_amount'), true),
  payout: field(body, 'payout'),
  template: field(body, 'template') || null,
  receivingDays: requiredInt('receiving_days', field(body, 'receiving_days'), 1, 90),
  isActive: checked(body, 'is_active'),
});

/** A new cashback program (the edit form's terms and a sysname), its words from content in every site locale. */
export const createCashback = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const sysname = field(body, 'sysname').trim();
  if (!sysname) throw invalidParameters({ sysname: 'requiredField' });
  const patch = cashbackPatchFrom(body);
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
  const patch = cashbackPatchFrom(body);
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'cashback_program.update', target: { type: 'cashback_program', id } },
    (tx) => updateCashbackProgram(tx, id, patch, now),
  );
};

export const savePopup = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const url = field(body, 'url').trim();
  const patch = {
    locale: field(body, 'locale') || 'en',
    title: field(body, 'title'),
    text: field(body, 'text'),
    button: field(body, 'button'),
    url: url || null,
    audience: field(body, 'audience'),
    pages: field(body, 'pages')
      .split(/[\s,]+/)
      .filter(Boolean),
    frequency: field(body, 'frequency'),
    priority: requiredInt('priority', field(body, 'priority') || '0', -1000, 1000),
    isActive: checked(body, 'is_active'),
    startsAt: dateField('starts_at', field(body, 'starts_at')),
    endsAt: dateField('ends_at', field(body, 'ends_at')),
  };
  const now = ctx.providers.clock.now();
  return auditedUpdate(ctx, actor, now, { action: 'popup.update', target: { type: 'popup', id } }, (tx) =>
    updatePopup(tx, id, patch, now),
  );
};
