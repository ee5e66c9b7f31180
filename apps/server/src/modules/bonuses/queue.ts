/**
 * A player's bonus queue of a type (migrations/1140): the active bonus first, then the waiting ones in the order
 * they start; a bonus a pending withdrawal holds stands outside it until the withdrawal is settled (1170). What bonuses.get shows as each open bonus's place, and what a grant's messages say ("#2 in your
 * bonus queue, after …" or "on your bonus balance").
 */
import type { TBonusStatus, TBonusType } from '@casino/contracts/calls/bonuses';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { playerBonuses } from './schema.ts';

export interface TQueuePlace {
  /** 1: the active bonus (or, with none active, the first that waits); 2…: the next to start, in order. */
  position: number;
  /** The bonus just ahead (null at the front). */
  aheadId: number | null;
}

/** A pending withdrawal holds the bonus (migrations/1130): it cannot start, so bonus_next passes it over. */
export const isHeld = sql`exists (select 1 from bonus_withdrawal_holds h where h.bonus_id = ${playerBonuses.id})`;

/** The queue's members: the player's open bonuses of a type that no pending withdrawal holds. */
export const queuedBonusesOf = (playerId: number, type: TBonusType) =>
  and(
    eq(playerBonuses.playerId, playerId),
    eq(playerBonuses.type, type),
    inArray(playerBonuses.status, ['active', 'available']),
    not(isHeld),
  );

/** Queue order: the active bonus, then the waiting ones as bonus_next starts them. */
export const QUEUE_ORDER = [
  sql`case ${playerBonuses.status} when 'active' then 0 else 1 end`,
  playerBonuses.queueKey,
  playerBonuses.id,
] as const;

/** The queue of the player's type in order. */
export const queuedBonusIds = async (db: TExecutor, playerId: number, type: TBonusType) =>
  (
    await db
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(queuedBonusesOf(playerId, type))
      .orderBy(...QUEUE_ORDER)
  ).map((row) => row.id);

/** Each open bonus's place, by id. */
export const queuePlaces = (ids: readonly number[]) =>
  new Map<number, TQueuePlace>(
    ids.map((id, i) => [id, { position: i + 1, aheadId: i === 0 ? null : (ids[i - 1] ?? null) }]),
  );

/** What became of a bonus just granted or activated: its status and place, for the messages that tell it. */
export interface TBonusPlacement {
  bonusId: number;
  type: TBonusType;
  status: TBonusStatus;
  /** Cents granted, and (completed at once) what became real money. */
  amount: bigint;
  converted: bigint;
  place: TQueuePlace | null;
}

export const bonusPlacement = async (db: TExecutor, bonusId: number): Promise<TBonusPlacement> => {
  const [bonus] = await db
    .select({
      playerId: playerBonuses.playerId,
      type: playerBonuses.type,
      status: playerBonuses.status,
      amount: playerBonuses.amount,
      converted: playerBonuses.converted,
    })
    .from(playerBonuses)
    .where(eq(playerBonuses.id, bonusId));
  if (!bonus) throw new Error(`bonus ${bonusId} vanished`);
  const places = queuePlaces(await queuedBonusIds(db, bonus.playerId, bonus.type));
  return {
    bonusId,
    type: bonus.type,
    status: bonus.status,
    amount: bonus.amount,
    converted: bonus.converted,
    place: places.get(bonusId) ?? null,
  };
};
