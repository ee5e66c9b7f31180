/**
 * An operator's actions on a player's bonuses: grant one from a template (the template's amount or another), cancel
 * one with a reason, grant a freespins pack. The money moves only through the bonus engine's functions (their
 * ledger movements: house:bonuses ⇄ the player's bonus account); the audit row is written in the same database
 * transaction. The form's one-time key makes a double submit grant once. A player in a time-out or
 * self-exclusion gets no bonus (marketing respects limits).
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import {
  formAmount,
  formKey,
  formOptional,
  formReason,
  formWhole,
  recordAudit,
  type TActor,
} from '../../backoffice/index.ts';
import { freespinsGames, grantFreespinsPack } from '../../games/index.ts';
import { publishBalances } from '../../ledger/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { assertMayReceiveOffers } from '../../responsible-gaming/index.ts';
import { BonusError, endBonus, findBonus, findTemplate, grantBonus } from '../engine.ts';

/** Spins at most per pack, and the longest a pack may last. */
export const MAX_OPERATOR_SPINS = 500;
export const MAX_FREESPINS_DAYS = 90;

/** A bonus from a template: its amount when left empty (required when the template has none). */
export const ZGrantBonusForm = z.object({
  template: z.string().min(1, 'requiredField').prefault(''),
  amount: formOptional(formAmount()),
  reason: formReason(),
  key: formKey(),
});
export const ZCancelBonusForm = z.object({ reason: formReason() });
/** A freespins pack: the slot, how many spins, the stake of each (in the slot's range), for how many days. */
export const ZGrantFreespinsForm = z.object({
  game: z.string().min(1, 'requiredField').prefault(''),
  count: formWhole(1, MAX_OPERATOR_SPINS),
  bet: formAmount(),
  days: formOptional(formWhole(1, MAX_FREESPINS_DAYS)),
  reason: formReason(),
  key: formKey(),
});

/** The operator's player may receive a bonus now, or the refusal as a field error on the form. */
const assertMayReceive = async (ctx: TAppContext, playerId: number, now: Date) => {
  try {
    await assertMayReceiveOffers(ctx.db, playerId, now);
  } catch (error) {
    if (error instanceof AppError && error.type === 'AccessDeniedException')
      throw invalidParameters({ id: 'excluded' });
    throw error;
  }
};

export const grantPlayerBonus = async (
  ctx: TAppContext,
  actor: TActor,
  input: z.output<typeof ZGrantBonusForm> & { playerId: number },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const template = await findTemplate(ctx.db, input.template);
  if (!template) throw invalidParameters({ template: 'wrongField' });
  if (!template.isActive) throw invalidParameters({ template: 'inactive' });
  const { amount } = input;
  if (amount === null && template.amount === null) throw invalidParameters({ amount: 'requiredField' });
  const { reason } = input;
  const key = input.key.toLowerCase();
  const now = ctx.providers.clock.now();
  if (player.status !== 'active') throw invalidParameters({ id: 'notActive' });
  await assertMayReceive(ctx, player.id, now);
  const granted = await ctx.db.transaction(async (tx) => {
    let result: Awaited<ReturnType<typeof grantBonus>>;
    try {
      result = await grantBonus(tx, {
        playerId: player.id,
        template: template.sysname,
        amount: amount ?? undefined,
        source: 'operator',
        sourceRef: `${actor.email}: ${reason}`.slice(0, 500),
        grantKey: `operator:${key}`,
        now,
      });
    } catch (error) {
      if (error instanceof BonusError)
        throw invalidParameters({
          template: error.code === 'templateNotForPlayer' ? 'notInSegment' : 'inactive',
        });
      throw error;
    }
    if (result.created)
      await recordAudit(tx, actor, {
        action: 'bonus.grant',
        target: { type: 'player', id: player.id },
        after: {
          bonus_id: result.bonusId,
          template: template.sysname,
          amount: String(amount ?? template.amount),
          status: result.status,
        },
        reason,
        dedupeKey: `bonus.grant:${key}`,
        at: now,
      });
    return result;
  });
  await publishBalances(ctx.db, ctx.bus, [player.id]);
  return granted;
};

/**
 * Ends a player's bonus without converting it: an active one is forfeited (its money back to the house), a waiting
 * one cancelled. Answers the cents the player lost.
 */
export const cancelPlayerBonus = async (
  ctx: TAppContext,
  actor: TActor,
  input: z.output<typeof ZCancelBonusForm> & { playerId: number; bonusId: number },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const { reason } = input;
  const now = ctx.providers.clock.now();
  const lost = await ctx.db.transaction(async (tx) => {
    const before = await findBonus(tx, input.bonusId);
    if (before?.playerId !== player.id) throw invalidParameters({ bonus_id: 'notFound' });
    let cents: bigint;
    try {
      cents = await endBonus(tx, { bonusId: before.id, reason: `operator: ${reason}`.slice(0, 500), now });
    } catch (error) {
      if (error instanceof BonusError) throw invalidParameters({ bonus_id: 'notOpen' });
      throw error;
    }
    const after = await findBonus(tx, before.id);
    await recordAudit(tx, actor, {
      action: 'bonus.cancel',
      target: { type: 'player', id: player.id },
      before: { bonus_id: before.id, status: before.status, wagered: String(before.wagered) },
      after: { bonus_id: before.id, status: after?.status ?? null, lost: String(cents) },
      reason,
      at: now,
    });
    return cents;
  });
  await publishBalances(ctx.db, ctx.bus, [player.id]);
  return lost;
};

export const grantPlayerFreespins = async (
  ctx: TAppContext,
  actor: TActor,
  input: z.output<typeof ZGrantFreespinsForm> & { playerId: number },
) => {
  const player = await requirePlayer(ctx.db, input.playerId);
  const game = (await freespinsGames(ctx.db)).find((g) => g.sysname === input.game);
  if (!game) throw invalidParameters({ game: 'wrongField' });
  const { count, bet, days, reason } = input;
  if (bet < game.minBet || bet > game.maxBet) throw invalidParameters({ bet: 'outOfRange' });
  const key = input.key.toLowerCase();
  const now = ctx.providers.clock.now();
  if (player.status !== 'active') throw invalidParameters({ id: 'notActive' });
  await assertMayReceive(ctx, player.id, now);
  return ctx.db.transaction(async (tx) => {
    const packId = await grantFreespinsPack(
      { db: tx, providers: ctx.providers },
      {
        playerId: player.id,
        sysname: game.sysname,
        count,
        stake: bet,
        source: 'operator',
        grantKey: `operator:${key}`,
        validDays: days ?? undefined,
      },
    );
    await recordAudit(tx, actor, {
      action: 'freespins.grant',
      target: { type: 'player', id: player.id },
      after: { pack_id: packId, game: game.sysname, count, bet: String(bet), days: days ?? null },
      reason,
      dedupeKey: `freespins.grant:${key}`,
      at: now,
    });
    return packId;
  });
};
