/**
 * A player's bonus queue of a type (migrations/1140): the active bonus first, then the waiting ones in the order
 * they start. What bonuses.get shows as each open bonus's place, and what a grant's messages say ("#2 in your
 * bonus queue, after …" or "on your bonus balance").
 */
import type { TBonusStatus, TBonusType } from '@casino/contracts/calls/bonuses';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { playerBonuses } from './schema.ts';

export interface TQueuePlace {
  /** 1: the active bonus (or, with none active, the first that waits); 2…: the next to start, in order. */
  position: number;
  /** The bonus just ahead (null at the front). */
  aheadId: number | null;
}

/** The player's open bonuses of a type (the queue's members). */
export const openBonusesOf = (playerId: number, type: TBonusType) =>
  and(
    eq(playerBonuses.playerId, playerId),
    eq(playerBonuses.type, type),
    inArray(playerBonuses.status, ['active', 'available']),
  );

/** Queue order: the active bonus, then the waiting ones as bonus_next starts them. */
export const QUEUE_ORDER = [
  sql`case ${playerBonuses.status} when 'active' then 0 else 1 end`,
  playerBonuses.queueKey,
  playerBonuses.id,
] as const;

/** The open bonuses of the player's type in queue order. */
export const queuedBonusIds = async (db: TExecutor, playerId: number, type: TBonusType) =>
  (
    await db
      .select({ id: playerBonuses.id })
      .from(playerBonuses)
      .where(openBonusesOf(playerId, type))
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
