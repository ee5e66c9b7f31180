/**
 * The VIP ladder: levels reached on lifetime points. Each level's progress is its band of lifetime points
 * (minValue = where it starts, maxValue = where the next starts; the top level's band ends where it starts) and
 * the player's lifetime points (expCount), with the §9 percent.
 */
import { levelPercent, type TLoyaltyLevel } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import { publicReward, type TStoredReward } from './rewards.ts';
import { localized, type TTexts, toPoints } from './text.ts';

export interface TLevelRow {
  id: number;
  sysname: string;
  minPoints: bigint;
  name: TTexts;
  image: string | null;
  reward: TStoredReward | null;
}

const parse = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export const listLevels = async (db: TExecutor): Promise<TLevelRow[]> =>
  (
    await queryRows<{
      id: unknown;
      sysname: string;
      min_points: unknown;
      name: unknown;
      image: string | null;
      reward: unknown;
    }>(
      db,
      sql`select id, sysname, min_points, name, image, reward from loyalty_levels where is_active order by min_points`,
    )
  ).map((r) => ({
    id: Number(r.id),
    sysname: r.sysname,
    minPoints: toBigInt(r.min_points),
    name: parse<TTexts>(r.name),
    image: r.image,
    reward: r.reward === null ? null : parse<TStoredReward>(r.reward),
  }));

/** The levels a lifetime total has reached (the first level, at 0, always). */
export const reachedLevels = (levels: readonly TLevelRow[], lifetime: bigint) =>
  levels.filter((l) => l.minPoints <= lifetime);

export const levelImage = (image: string | null) => (image ? ipxUrl(image, { width: 96, height: 96 }) : null);

export const ladder = (levels: readonly TLevelRow[], lifetime: bigint, locale: string): TLoyaltyLevel[] => {
  const reached = reachedLevels(levels, lifetime);
  const current = reached.at(-1);
  return levels.map((level, i) => {
    const next = levels[i + 1];
    const minValue = toPoints(level.minPoints);
    const maxValue = toPoints(next ? next.minPoints : level.minPoints);
    const expCount = toPoints(lifetime);
    return {
      id: level.id,
      sysname: level.sysname,
      name: localized(level.name, locale),
      image: levelImage(level.image),
      min_points: minValue,
      is_reached: level.minPoints <= lifetime,
      is_current: current?.id === level.id,
      reward: level.reward ? publicReward(level.reward) : null,
      progress: { minValue, maxValue, expCount, percent: levelPercent({ minValue, maxValue, expCount }) },
    };
  });
};
