/** The player's responsible-gaming settings: views and changes behind the responsibleGaming.* calls. */
import { type Cents, toCents, toMajor } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TDb, TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { activeSecondsSince } from './activity.ts';
import { activeExclusion, exclusionView } from './exclusions.ts';
import { isFeatureEnabled } from './feature-flags.ts';
import { recordRgChange } from './history.ts';
import { readLimit, type TLimit, writeLimit } from './limits.ts';
import { netLossSince } from './play-totals.ts';

const DAY_MS = 86_400_000;
/** The longest session-time limit a player can set: the whole period. */
const MAX_MINUTES_PER_DAY = 24 * 60;

const pendingView = (limit: TLimit) => ({
  can_edit: limit.pending === null,
  expired_at: limit.pending ? Math.floor(limit.pending.at.getTime() / 1000) : null,
  pending_period: limit.pending ? (limit.pending.days === null ? 'none' : String(limit.pending.days)) : null,
});

export const lossLimitView = async (db: TExecutor, playerId: number, now: Date) => {
  const limit = await readLimit(db, playerId, 'loss', now);
  const pending = {
    ...pendingView(limit),
    pending_amount: limit.pending?.amount == null ? null : toMajor(limit.pending.amount),
  };
  if (limit.days === null || limit.amount === null)
    return { period: 'none', limit_amount: null, used_amount: null, available_amount: null, ...pending };
  const lost = await netLossSince(db, playerId, new Date(now.getTime() - limit.days * DAY_MS));
  const used = lost > 0n ? lost : 0n;
  return {
    period: String(limit.days),
    limit_amount: toMajor(limit.amount),
    used_amount: toMajor(used),
    available_amount: toMajor(limit.amount > used ? limit.amount - used : 0n),
    ...pending,
  };
};

export const sessionLimitView = async (db: TExecutor, playerId: number, now: Date) => {
  const limit = await readLimit(db, playerId, 'session', now);
  const pending = {
    ...pendingView(limit),
    pending_minutes: limit.pending?.amount == null ? null : Number(limit.pending.amount),
  };
  if (limit.days === null || limit.amount === null)
    return { period: 'none', limit_minutes: null, used_minutes: null, available_minutes: null, ...pending };
  const seconds = await activeSecondsSince(db, playerId, new Date(now.getTime() - limit.days * DAY_MS));
  const used = Math.floor(seconds / 60);
  const max = Number(limit.amount);
  return {
    period: String(limit.days),
    limit_minutes: max,
    used_minutes: used,
    available_minutes: Math.max(0, max - used),
    ...pending,
  };
};

export const setLossLimit = async (
  db: TExecutor,
  playerId: number,
  input: { period: string; amount: string },
  now: Date,
) => {
  let next: { days: number | null; amount: Cents | null } = { days: null, amount: null };
  if (input.period !== 'none') {
    let amount: Cents;
    try {
      amount = toCents(input.amount);
    } catch {
      throw invalidParameters({ amount: input.amount.trim() === '' ? 'requiredField' : 'wrongField' });
    }
    if (amount <= 0n) throw invalidParameters({ amount: 'sumError' });
    next = { days: Number(input.period), amount };
  }
  await writeLimit(db, playerId, 'loss', next, now);
  return lossLimitView(db, playerId, now);
};

export const setSessionLimit = async (
  db: TExecutor,
  playerId: number,
  input: { period: string; minutes: string },
  now: Date,
) => {
  let next: { days: number | null; amount: bigint | null } = { days: null, amount: null };
  if (input.period !== 'none') {
    const days = Number(input.period);
    const text = input.minutes.trim();
    if (text === '') throw invalidParameters({ minutes: 'requiredField' });
    if (!/^\d{1,6}$/.test(text)) throw invalidParameters({ minutes: 'wrongField' });
    const minutes = Number(text);
    if (minutes < 1) throw invalidParameters({ minutes: 'wrongField' });
    if (minutes > days * MAX_MINUTES_PER_DAY) throw invalidParameters({ minutes: 'wrongField' });
    next = { days, amount: BigInt(minutes) };
  }
  await writeLimit(db, playerId, 'session', next, now);
  return sessionLimitView(db, playerId, now);
};

export const readRealityCheck = async (db: TExecutor, playerId: number) =>
  (
    await queryRows<{ reality_check_minutes: number }>(
      db,
      sql`select reality_check_minutes from rg_settings where player_id = ${playerId}`,
    )
  )[0]?.reality_check_minutes ?? 0;

export const setRealityCheck = async (db: TExecutor, playerId: number, minutes: number, now: Date) => {
  await db.execute(
    sql`insert into rg_settings (player_id, reality_check_minutes, updated_at) values (${playerId}, ${minutes}, ${now})
        on conflict (player_id) do update set reality_check_minutes = excluded.reality_check_minutes,
          updated_at = excluded.updated_at`,
  );
  await recordRgChange(db, playerId, 'reality_check', { minutes }, now);
  return { reality_check_minutes: minutes };
};

export const responsibleGamingSettings = async (db: TDb, playerId: number, now: Date) => {
  const exclusion = await activeExclusion(db, playerId, now);
  return {
    loss_limit: await lossLimitView(db, playerId, now),
    session_limit: await sessionLimitView(db, playerId, now),
    reality_check_minutes: await readRealityCheck(db, playerId),
    exclusion: exclusion ? exclusionView(exclusion) : null,
    show_session_stats_in_header: await isFeatureEnabled(db, 'isSessionStatsInHeaderEnable'),
  };
};
