/**
 * A bonus template's form (the back-office's Promotions › Bonus templates), read into a template patch and saved
 * through the bonuses module with its audit row in the same transaction. Nothing is written when a field is refused.
 */
import type { TAppContext } from '../../../platform/context.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { auditedUpdate, type TActor } from '../../backoffice/audit-log.ts';
import { amountField, oddsField, requiredInt } from '../../backoffice/form-values.ts';
import { field } from '../../backoffice/route-kit.ts';
import { gameDims } from '../../games/catalogue/game-dims.ts';
import { MAX_WAGER_MULTIPLIER } from '../content.ts';
import type { TContributions } from '../schema.ts';
import { findTemplateById, kindsOf, type TTemplatePatch, updateTemplate } from '../templates-admin.ts';
import { gameOverridesFrom } from './template-games-form.ts';

const checked = (body: unknown, name: string) => field(body, name) === '1';

const contributionsFrom = async (
  ctx: TAppContext,
  body: unknown,
  type: string,
  current: TContributions,
): Promise<TContributions> => {
  const percent = (name: string) => requiredInt('contributions', field(body, name), 0, 100);
  const other = percent('other');
  const kinds: Record<string, number> = {};
  for (const kind of kindsOf(type)) {
    const value = percent(`kind_${kind}`);
    if (value !== other) kinds[kind] = value;
  }
  const kept = current.games ?? {};
  // The per-game rows are posted by a casino template's form (marked games_form); otherwise they stay as they are.
  if (type === 'betting' || field(body, 'games_form') !== '1') return { kinds, other, games: kept };
  const catalogue = await gameDims(ctx.db);
  return { kinds, other, games: gameOverridesFrom(body, kept, (sysname) => catalogue.has(sysname)) };
};

export const saveTemplate = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const template = await findTemplateById(ctx.db, id);
  if (!template) throw invalidParameters({ id: 'notFound' });
  const patch: TTemplatePatch = {
    amount: amountField('amount', field(body, 'amount'), true),
    wagerMultiplier: requiredInt(
      'wager_multiplier',
      field(body, 'wager_multiplier'),
      0,
      MAX_WAGER_MULTIPLIER,
    ),
    maxBet: amountField('max_bet', field(body, 'max_bet'), true),
    maxConversion: amountField('max_conversion', field(body, 'max_conversion'), true),
    contributions: await contributionsFrom(ctx, body, template.type, template.contributions),
    validDays: requiredInt('valid_days', field(body, 'valid_days'), 1, 365),
    isActive: checked(body, 'is_active'),
    // Betting terms; a casino template's form has none.
    minOdds: template.type === 'betting' ? oddsField('min_odds', field(body, 'min_odds')) : null,
    isFreeBet: template.type === 'betting' && checked(body, 'is_free_bet'),
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
