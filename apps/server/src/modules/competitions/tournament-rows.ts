/** The tournaments table as the module reads it, and what derives from a row (status, prize of a place). */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';

export interface TPrize {
  place: number;
  /** cash: real money to main; bonus: a bonus from the engine's `tournament_prize` template (its own wagering). */
  type: 'cash' | 'bonus';
  /** Minor units of the tournament's currency. */
  amount: number;
}

export interface TTournamentRow {
  id: number;
  title: Record<string, string>;
  description: Record<string, string>;
  image_url: string | null;
  tags: string[];
  provider: string | null;
  games: string[];
  /** Studios whose games count (instead of naming games). */
  providers: string[];
  game_kinds: string[];
  starts_at: Date;
  ends_at: Date;
  scoring: 'wagered' | 'won' | 'multiplier' | 'rounds';
  min_bet: bigint;
  countries: string[];
  currency: string;
  opt_in: boolean;
  reset_on_cashout: boolean;
  /** Minor units paid on joining (opt-in only); refunded when the tournament is cancelled. */
  entry_fee: bigint;
  prizes: TPrize[];
  state: 'open' | 'closing' | 'finished' | 'cancelled';
  extra: Record<string, unknown>;
}

export type TPublicStatus = 'future' | 'active' | 'finished' | 'cancelled';

export const TOURNAMENT_COLUMNS =
  sql.raw(`t.id, t.title, t.description, t.image_url, t.tags, t.provider, t.games,
  t.providers, t.game_kinds, t.starts_at, t.ends_at, t.scoring, t.min_bet::text as min_bet, t.countries, t.currency, t.opt_in,
  t.reset_on_cashout, t.entry_fee::text as entry_fee, t.prizes, t.state, t.extra`);

const textArray = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : typeof v === 'string'
      ? v
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

export const toTournamentRow = (r: Record<string, unknown>): TTournamentRow => ({
  id: Number(r.id),
  title: (r.title ?? {}) as Record<string, string>,
  description: (r.description ?? {}) as Record<string, string>,
  image_url: (r.image_url as string | null) ?? null,
  tags: textArray(r.tags),
  provider: (r.provider as string | null) ?? null,
  games: textArray(r.games),
  providers: textArray(r.providers),
  game_kinds: textArray(r.game_kinds),
  starts_at: new Date(r.starts_at as string),
  ends_at: new Date(r.ends_at as string),
  scoring: r.scoring as TTournamentRow['scoring'],
  min_bet: BigInt(String(r.min_bet)),
  countries: textArray(r.countries),
  currency: String(r.currency),
  opt_in: Boolean(r.opt_in),
  reset_on_cashout: Boolean(r.reset_on_cashout),
  entry_fee: BigInt(String(r.entry_fee ?? 0)),
  prizes: (r.prizes ?? []) as TPrize[],
  state: r.state as TTournamentRow['state'],
  extra: (r.extra ?? {}) as Record<string, unknown>,
});

export const tournamentById = async (db: TExecutor, id: number) => {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${TOURNAMENT_COLUMNS} from tournaments t where t.id = ${id}`,
  );
  return row ? toTournamentRow(row) : null;
};

export const statusOf = (t: TTournamentRow, now: Date): TPublicStatus => {
  if (t.state === 'cancelled') return 'cancelled';
  if (t.state !== 'open' || t.ends_at <= now) return 'finished';
  return t.starts_at > now ? 'future' : 'active';
};

export const prizeOfPlace = (t: Pick<TTournamentRow, 'prizes'>, place: number): bigint =>
  BigInt(t.prizes.find((p) => p.place === place)?.amount ?? 0);

export const prizeTypeOfPlace = (t: Pick<TTournamentRow, 'prizes'>, place: number): TPrize['type'] =>
  t.prizes.find((p) => p.place === place)?.type ?? 'cash';

export const totalPrize = (t: Pick<TTournamentRow, 'prizes'>): bigint =>
  t.prizes.reduce((sum, p) => sum + BigInt(p.amount), 0n);
