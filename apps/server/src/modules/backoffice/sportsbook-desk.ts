/**
 * The sportsbook desk: the operator's market actions (suspend, resume, settle, void) and a player's stake factor,
 * read from the form, done through the sportsbook's own admin functions (settlement through the feed's code path)
 * and audited with before and after. Refusals are InvalidParameterException with the field codes flash.ts names.
 */
import type { TAppContext } from '../../platform/context.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import {
  MAX_STAKE_FACTOR,
  setMarketSuspended,
  setStakeFactor,
  settleMarketByHand,
} from '../sportsbook/admin.ts';
import { recordAudit, type TActor } from './audit-log.ts';
import { requirePlayer } from '../players/require-player.ts';

export type TMarketAction = 'suspend' | 'resume' | 'settle' | 'void';

export interface TMarketForm {
  eventId: string;
  marketId: string;
  specifiers: string;
  winners: string[];
  reason: string;
  /** '1' when the operator ticked the confirmation (settling and voiding move every bet on the market). */
  confirm?: string;
}

const marketOf = (actor: TActor, form: TMarketForm) => {
  const marketId = /^\d{1,7}$/.test(form.marketId.trim()) ? Number(form.marketId.trim()) : 0;
  if (!marketId) throw invalidParameters({ market: 'notFound' });
  return { operatorId: actor.id ?? 0, eventId: form.eventId, marketId, specifiers: form.specifiers };
};

/** A reason of 3 to 500 characters (settling and voiding move money; suspending may go without one). */
const reasonOf = (text: string, required: boolean) => {
  const reason = text.trim();
  if (reason.length > 500) throw invalidParameters({ reason: 'maxLength' });
  if (required && reason.length < 3) throw invalidParameters({ reason: 'requiredField' });
  return reason || null;
};

export const actOnMarket = async (
  ctx: TAppContext,
  actor: TActor,
  action: TMarketAction,
  form: TMarketForm,
) => {
  const ref = marketOf(actor, form);
  const movesMoney = action === 'settle' || action === 'void';
  const reason = reasonOf(form.reason, movesMoney);
  if (movesMoney && form.confirm !== '1') throw invalidParameters({ confirm: 'requiredField' });
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
  });
  await recordAudit(ctx.db, actor, {
    action: `sportsbook.market_${action}`,
    target,
    before: { settlement: done.before },
    after: { settlement: done.after },
    reason,
    at,
  });
  return done;
};

/** `1`, `0.5`, `2.25`: at most three decimals, from 0 to MAX_STAKE_FACTOR. */
export const parseStakeFactor = (text: string) => {
  const value = text.trim();
  if (!value) throw invalidParameters({ factor: 'requiredField' });
  if (!/^\d{1,3}(\.\d{1,3})?$/.test(value) || Number(value) > MAX_STAKE_FACTOR)
    throw invalidParameters({ factor: 'wrongField' });
  return Number(value);
};

export const changeStakeFactor = async (
  ctx: TAppContext,
  actor: TActor,
  input: { playerId: number; factor: string; reason: string },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const factor = parseStakeFactor(input.factor);
  const reason = reasonOf(input.reason, true);
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
