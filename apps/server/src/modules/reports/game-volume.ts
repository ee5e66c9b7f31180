/**
 * A game's live volume and RTP for the back-office's games pages (modules/admin-areas.ts gives it to them), per
 * currency: today (UTC) from the wallet's rounds, and the last 30 days (today and the 29 before) from the reports'
 * daily aggregates for the complete days and the rounds for the rest (today, a day not aggregated yet). Real money,
 * rolled-back rounds left out. RTP actual = wins / stakes (money-weighted), in percent, computed in integers.
 */
import type { TExecutor } from '../../platform/db/database.ts';
import type { TGameVolumes, TVolume } from '../games/index.ts';
import { gameVolumeBetween } from '../wallet/index.ts';
import { completeDayTotals } from './game-totals.ts';

const DAY = 86_400_000;
export const WINDOW_DAYS = 30;

type TTotal = Omit<TVolume, 'rtp'> & { game: string };

/** wins / stakes in percent with two decimals (rounded down), computed in integers. */
export const rtpOf = (wins: bigint, stakes: bigint) =>
  stakes === 0n ? null : Number((wins * 10_000n) / stakes) / 100;

const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The days of [first, last] (ms at 00:00 UTC) not in `done`, as [from, to) ranges of consecutive days. */
const missingRanges = (first: number, last: number, done: Set<string>) => {
  const ranges: [Date, Date][] = [];
  for (let at = first; at <= last; at += DAY) {
    if (done.has(dayText(at))) continue;
    const open = ranges.at(-1);
    if (open && open[1].getTime() === at) open[1] = new Date(at + DAY);
    else ranges.push([new Date(at), new Date(at + DAY)]);
  }
  return ranges;
};

const add = (into: Map<string, TTotal>, rows: TTotal[]) => {
  for (const r of rows) {
    const key = `${r.game}|${r.currency}`;
    const had = into.get(key);
    into.set(
      key,
      had
        ? { ...had, rounds: had.rounds + r.rounds, stakes: had.stakes + r.stakes, wins: had.wins + r.wins }
        : { ...r },
    );
  }
};

export const volumesOf = async (
  db: TExecutor,
  now: Date,
  games: string[] = [],
): Promise<Map<string, TGameVolumes>> => {
  const today = Math.floor(now.getTime() / DAY) * DAY;
  const first = today - (WINDOW_DAYS - 1) * DAY;
  // Today is never complete: only the days before it come from the aggregates.
  const complete = await completeDayTotals(db, dayText(first), dayText(today - DAY), games);
  const ranges = missingRanges(first, today, new Set(complete.days));
  const fromRounds = await Promise.all(ranges.map(([from, to]) => gameVolumeBetween(db, from, to, games)));
  const todays = new Map<string, TTotal>();
  add(todays, await gameVolumeBetween(db, new Date(today), new Date(today + DAY), games));
  const window = new Map<string, TTotal>();
  add(window, complete.totals);
  for (const rows of fromRounds) add(window, rows);

  const out = new Map<string, TGameVolumes>();
  const at = (game: string) => {
    let v = out.get(game);
    if (!v) {
      v = { today: [], last30: [] };
      out.set(game, v);
    }
    return v;
  };
  const volume = ({ game: _game, ...r }: TTotal): TVolume => ({ ...r, rtp: rtpOf(r.wins, r.stakes) });
  for (const r of todays.values()) at(r.game).today.push(volume(r));
  for (const r of [...window.values()].sort((a, b) => a.currency.localeCompare(b.currency)))
    at(r.game).last30.push(volume(r));
  return out;
};
