/**
 * A bonus template's form (the back-office's Promotions › Bonus templates), parsed with zod into a template patch
 * and saved through the bonuses module with its audit row in the same transaction. Nothing is written when a field
 * is refused.
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import {
  auditedUpdate,
  formAmount,
  formDate,
  formFields,
  formFlag,
  formOdds,
  formOptional,
  formString,
  formWhole,
  parseForm,
  recordAudit,
  type TActor,
} from '../../backoffice/index.ts';
import { gameDims } from '../../games/index.ts';
import { DEFAULT_CONTRIBUTIONS } from '../content.ts';
import type { TContributions } from '../schema.ts';
import { copyTemplate, createTemplate, retireTemplate } from '../template-create.ts';
import { findTemplateById, kindsOf, type TTemplatePatch, updateTemplate } from '../templates-admin.ts';
import { HIGHEST_CAP } from '../wager-caps.ts';
import { gameOverridesFrom } from './template-games-form.ts';

/**
 * The contribution percents (`other`, then each kind's `kind_<kind>`), 0 to 100 each, refused as the one field
 * `contributions` the form shows them under.
 */
const formPercents = () =>
  z.array(formString()).transform((values, ctx) => {
    const percents: number[] = [];
    for (const value of values) {
      const parsed = formWhole(0, 100).safeParse(value);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? 'wrongField' });
        return z.NEVER;
      }
      percents.push(parsed.data);
    }
    return percents;
  });

/** The template form for a template of `type` (a betting template has odds and the free-bet flag). */
const templateForm = (type: string) =>
  z.object({
    amount: formOptional(formAmount()),
    wager_multiplier: formWhole(0, HIGHEST_CAP),
    max_bet: formOptional(formAmount()),
    max_conversion: formOptional(formAmount()),
    contributions: formPercents(),
    valid_days: formWhole(1, 365),
    is_active: formFlag(),
    min_odds:
      type === 'betting'
        ? formOptional(formOdds())
        : z
            .unknown()
            .optional()
            .transform(() => null),
    is_free_bet: formFlag().transform((on) => type === 'betting' && on),
    starts_at: formOptional(formDate()),
    ends_at: formOptional(formDate()),
    segment_id: formOptional(formWhole(1, 9_999_999)),
  });

const contributionsOf = async (
  ctx: TAppContext,
  body: unknown,
  type: string,
  percents: number[],
  current: TContributions,
): Promise<TContributions> => {
  const [other = 0, ...ofKinds] = percents;
  const kinds: Record<string, number> = {};
  kindsOf(type).forEach((kind, i) => {
    const value = ofKinds[i] ?? other;
    if (value !== other) kinds[kind] = value;
  });
  const kept = current.games ?? {};
  // The per-game rows are posted by a casino template's form (marked games_form); otherwise they stay as they are.
  if (type === 'betting' || formFields(body).games_form !== '1') return { kinds, other, games: kept };
  const catalogue = await gameDims(ctx.db);
  return { kinds, other, games: gameOverridesFrom(body, kept, (sysname) => catalogue.has(sysname)) };
};

/** The form's terms as a template patch (contributions over `current`'s per-game rows). */
const patchOf = async (
  ctx: TAppContext,
  body: unknown,
  type: string,
  current: TContributions,
): Promise<TTemplatePatch> => {
  const posted = formFields(body);
  const percentFields = ['other', ...kindsOf(type).map((kind) => `kind_${kind}`)];
  const form = parseForm(templateForm(type), {
    ...posted,
    contributions: percentFields.map((name) => posted[name] ?? ''),
  });
  return {
    amount: form.amount,
    wagerMultiplier: form.wager_multiplier,
    maxBet: form.max_bet,
    maxConversion: form.max_conversion,
    contributions: await contributionsOf(ctx, body, type, form.contributions, current),
    validDays: form.valid_days,
    isActive: form.is_active,
    minOdds: form.min_odds,
    isFreeBet: form.is_free_bet,
    startsAt: form.starts_at,
    endsAt: form.ends_at,
    segmentId: form.segment_id,
  };
};

export const saveTemplate = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const template = await findTemplateById(ctx.db, id);
  if (!template) throw invalidParameters({ id: 'notFound' });
  const patch = await patchOf(ctx, body, template.type, template.contributions);
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'bonus_template.update', target: { type: 'bonus_template', id } },
    (tx) => updateTemplate(tx, id, patch, now),
  );
};

/** The new template form's own fields: its sysname, type and words in English (the fallback of every locale). */
const ZNewTemplate = z.object({
  sysname: formString().pipe(z.string().trim().min(1, 'requiredField')),
  type: formString().pipe(z.enum(['casino', 'betting'], { message: 'wrongField' })),
  title: formString().pipe(z.string().trim().min(1, 'requiredField').max(120, 'maxLength')),
  text: formString().pipe(z.string().trim().max(1000, 'maxLength')),
});

export const createTemplateFromForm = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const { sysname, type, title, text } = parseForm(ZNewTemplate, body);
  const patch = await patchOf(ctx, body, type, { ...DEFAULT_CONTRIBUTIONS, games: {} });
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const created = await createTemplate(
      tx,
      { sysname, type, patch, description: { texts: { en: { title, text } } } },
      now,
    );
    await recordAudit(tx, actor, {
      action: 'bonus_template.create',
      target: { type: 'bonus_template', id: created.template.id },
      after: created.after,
      at: now,
    });
    return created.template;
  });
};

export const copyTemplateFromForm = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const { sysname } = parseForm(
    z.object({ sysname: formString().pipe(z.string().trim().min(1, 'requiredField')) }),
    body,
  );
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const copied = await copyTemplate(tx, id, sysname, now);
    await recordAudit(tx, actor, {
      action: 'bonus_template.copy',
      target: { type: 'bonus_template', id: copied.template.id },
      after: copied.after,
      at: now,
    });
    return copied.template;
  });
};

export const retireTemplateById = async (ctx: TAppContext, actor: TActor, id: number) => {
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'bonus_template.retire', target: { type: 'bonus_template', id } },
    (tx) => retireTemplate(tx, id, now),
  );
};
