/**
 * The sportsbook desk: the operator's market actions (suspend, resume, settle, void) and a player's stake factor,
 * their forms read through zod, done through desk-actions.ts (settlement through the feed's code path) and audited
 * with before and after. Refusals are InvalidParameterException with the field codes sportsbook-flash.ts names.
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../../backoffice/index.ts';
import type { TPlayer } from '../../players/index.ts';
import { MAX_STAKE_FACTOR, setMarketSuspended, setStakeFactor, settleMarketByHand } from './desk-actions.ts';

export type TMarketAction = 'suspend' | 'resume' | 'settle' | 'void';

/** A reason of 3 to 500 characters (settling and voiding move money; suspending may go without one); '' is null. */
const reasonText = (required: boolean) =>
  z
    .string()
    .default('')
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .max(500, 'maxLength')
        .refine((reason) => !required || reason.length >= 3, 'requiredField'),
    )
    .transform((reason) => reason || null);

/**
 * A market action's form: the market (its id and specifiers), the outcomes that won (settle), the reason, and the
 * confirmation ticked ('1') for the actions that move every bet on the market. A market id that is no id is 0,
 * which no market has.
 */
export const marketForm = (action: TMarketAction) => {
  const movesMoney = action === 'settle' || action === 'void';
  return z.object({
    market_id: z
      .string()
      .default('')
      .transform((text) => (/^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : 0)),
    specifiers: z.string().default(''),
    winners: z.union([z.array(z.string()), z.string().transform((winner) => [winner])]).default([]),
    reason: reasonText(movesMoney),
    confirm: movesMoney ? z.literal('1', 'requiredField') : z.string().optional(),
    // Settling a market of an event that has not started: ticked ('1') to mean it (desk-actions.ts).
    override: z
      .string()
      .optional()
      .transform((ticked) => ticked === '1'),
  });
};
export type TMarketForm = z.output<ReturnType<typeof marketForm>>;

export const actOnMarket = async (
  ctx: TAppContext,
  actor: TActor,
  action: TMarketAction,
  eventId: string,
  form: TMarketForm,
) => {
  if (!form.market_id) throw invalidParameters({ market: 'notFound' });
  const ref = { operatorId: actor.id ?? 0, eventId, marketId: form.market_id, specifiers: form.specifiers };
  const { reason } = form;
  const target = { type: 'sb_market', id: `${ref.eventId}/${ref.marketId}/${ref.specifiers}` };
  const at = ctx.providers.clock.now();
  if (action === 'suspend' || action === 'resume') {
    const done = await setMarketSuspended(ctx, { ...ref, suspended: action === 'suspend' });
    if (done.changed)
      await recordAudit(ctx.db, actor, {
        action: `sportsbook.market_${action}`,
        target,
        before: { status: done.before },
        after: { status: done.after },
        reason,
        at,
      });
    return done;
  }
  const done = await settleMarketByHand(ctx, {
    ...ref,
    winners: action === 'settle' ? form.winners : [],
    voidAll: action === 'void',
    override: form.override,
  });
  await recordAudit(ctx.db, actor, {
    action: `sportsbook.market_${action}`,
    target,
    before: { settlement: done.before },
    after: { settlement: done.after, ...(done.overridden ? { override: 'event_not_started' } : {}) },
    reason,
    at,
  });
  return done;
};

/** A player's stake factor: `1`, `0.5`, `2.25` (at most three decimals, from 0 to MAX_STAKE_FACTOR), with a reason. */
export const ZStakeFactorForm = z.object({
  factor: z
    .string()
    .trim()
    .min(1, 'requiredField')
    .regex(/^\d{1,3}(\.\d{1,3})?$/, 'wrongField')
    .transform(Number)
    .refine((factor) => factor <= MAX_STAKE_FACTOR, 'wrongField'),
  reason: reasonText(true),
});
export type TStakeFactorForm = z.output<typeof ZStakeFactorForm>;

export const changeStakeFactor = async (
  ctx: TAppContext,
  actor: TActor,
  player: TPlayer,
  { factor, reason }: TStakeFactorForm,
) => {
  const at = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const done = await setStakeFactor(tx, player.id, factor, at);
    if (done.before !== done.after)
      await recordAudit(tx, actor, {
        action: 'sportsbook.stake_factor',
        target: { type: 'player', id: player.id },
        before: { stake_factor: done.before },
        after: { stake_factor: done.after },
        reason,
        at,
      });
    return done;
  });
};
