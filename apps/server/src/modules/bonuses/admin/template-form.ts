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
  formFields,
  formFlag,
  formOdds,
  formOptional,
  formString,
  formWhole,
  parseForm,
  type TActor,
} from '../../backoffice/index.ts';
import { gameDims } from '../../games/index.ts';
import { MAX_WAGER_MULTIPLIER } from '../content.ts';
import type { TContributions } from '../schema.ts';
import { findTemplateById, kindsOf, type TTemplatePatch, updateTemplate } from '../templates-admin.ts';
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
    wager_multiplier: formWhole(0, MAX_WAGER_MULTIPLIER),
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

export const saveTemplate = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const template = await findTemplateById(ctx.db, id);
  if (!template) throw invalidParameters({ id: 'notFound' });
  const posted = formFields(body);
  const percentFields = ['other', ...kindsOf(template.type).map((kind) => `kind_${kind}`)];
  const form = parseForm(templateForm(template.type), {
    ...posted,
    contributions: percentFields.map((name) => posted[name] ?? ''),
  });
  const patch: TTemplatePatch = {
    amount: form.amount,
    wagerMultiplier: form.wager_multiplier,
    maxBet: form.max_bet,
    maxConversion: form.max_conversion,
    contributions: await contributionsOf(
      ctx,
      body,
      template.type,
      form.contributions,
      template.contributions,
    ),
    validDays: form.valid_days,
    isActive: form.is_active,
    minOdds: form.min_odds,
    isFreeBet: form.is_free_bet,
  };
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'bonus_template.update', target: { type: 'bonus_template', id } },
    (tx) => updateTemplate(tx, id, patch, now),
  );
};
