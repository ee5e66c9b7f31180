/**
 * Quests and a player's progress in them: wager, games and big-win progress come from the bet pipeline
 * (quest-consequence.ts), deposits from the cashier. A quest is completed when its progress reaches its target;
 * claims.ts pays its reward once.
 */
import { toMajor } from '@casino/contracts';
import type { TLoyaltyQuest } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { ipxUrl } from '../../platform/images.ts';
import { countPaidDepositsBetween } from '../cashier/index.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';
import { publicReward, type TStoredReward } from './rewards.ts';
import { localized, type TTexts } from './text.ts';

export interface TQuestRow {
  id: number;
  programId: number;
  sysname: string;
  kind: TLoyaltyQuest['kind'];
  target: bigint;
  title: TTexts;
  description: TTexts;
  image: string | null;
  reward: TStoredReward;
  startsAt: Date;
  endsAt: Date;
  progress: bigint;
  claimed: boolean;
}

const parse = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** Active quests (of one program, or all) with the player's progress; a visitor (null) has none. */
export const listQuests = async (
  db: TExecutor,
  input: { playerId: number | null; programId?: number; now: Date; runningOnly?: boolean },
): Promise<TQuestRow[]> => {
  const player = input.playerId ?? 0;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select q.id, q.program_id, q.sysname, q.kind, q.target, q.title, q.description, q.image, q.reward,
               q.starts_at, q.ends_at,
               coalesce((select case when q.kind = 'distinct_games' then count(*) filter (where p.item <> '')
                                     else max(p.value) filter (where p.item = '') end
                           from loyalty_quest_progress p where p.player_id = ${player} and p.quest_id = q.id), 0) as progress,
               exists (select 1 from loyalty_claims c
                        where c.player_id = ${player} and c.kind = 'quest' and c.ref_id = q.id) as claimed
          from loyalty_quests q
         where q.is_active
           ${input.programId === undefined ? sql`` : sql`and q.program_id = ${input.programId}`}
           ${input.runningOnly ? sql`and q.starts_at <= ${input.now} and q.ends_at > ${input.now}` : sql``}
         order by q.priority desc, q.id`,
  );
  const quests: TQuestRow[] = rows.map((r) => ({
    id: Number(r.id),
    programId: Number(r.program_id),
    sysname: String(r.sysname),
    kind: r.kind as TQuestRow['kind'],
    target: toBigInt(r.target),
    title: parse<TTexts>(r.title),
    description: parse<TTexts>(r.description),
    image: (r.image as string | null) ?? null,
    reward: parse<TStoredReward>(r.reward),
    startsAt: new Date(r.starts_at as string),
    endsAt: new Date(r.ends_at as string),
    progress: toBigInt(r.progress),
    claimed: r.claimed === true || r.claimed === 't',
  }));
  if (input.playerId !== null)
    for (const q of quests)
      if (q.kind === 'deposit')
        q.progress = BigInt(await countPaidDepositsBetween(db, input.playerId, q.startsAt, q.endsAt));
  return quests;
};

export const isCompleted = (q: TQuestRow) => q.claimed || q.progress >= q.target;

/** Wager quests count cents (shown in major units); the others count. */
const shown = (q: TQuestRow, value: bigint) => (q.kind === 'wager_slots' ? toMajor(value) : Number(value));

export const publicQuest = (q: TQuestRow, locale: string): TLoyaltyQuest => {
  const progress = q.progress > q.target || q.claimed ? q.target : q.progress;
  return {
    id: q.id,
    sysname: q.sysname,
    kind: q.kind,
    title: localized(q.title, locale),
    description: localized(q.description, locale),
    image: q.image ? ipxUrl(q.image, { width: 160, height: 160 }) : null,
    target: shown(q, q.target),
    progress: shown(q, progress),
    percent: Math.floor(Number((progress * 10000n) / q.target)) / 100,
    is_completed: isCompleted(q),
    reward: publicReward(q.reward),
    start_date: q.startsAt.toISOString(),
    end_date: q.endsAt.toISOString(),
  };
};
