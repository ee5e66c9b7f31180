/** Creating and editing a tournament (the seed and the back-office): the operator's settings, checked. */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows } from '../../platform/db/database.ts';
import { forgetTournamentRules } from './tournament-eligibility.ts';
import type { TPrize, TTournamentRow } from './tournament-rows.ts';

export interface TTournamentInput {
  /** The seed's key: a second create with the same sysname does nothing. */
  sysname?: string;
  title: Record<string, string>;
  description?: Record<string, string>;
  imageUrl?: string | null;
  tags?: string[];
  provider?: string | null;
  games?: string[];
  /** Studios whose games count: a tournament names games or providers, not both. */
  providers?: string[];
  gameKinds?: string[];
  startsAt: Date;
  endsAt: Date;
  scoring: TTournamentRow['scoring'];
  /** Minor units. */
  minBet?: bigint;
  countries?: string[];
  currency?: string;
  optIn?: boolean;
  resetOnCashout?: boolean;
  /** Minor units a player pays on joining (opt-in tournaments only). */
  entryFee?: bigint;
  prizes: TPrize[];
  extra?: Record<string, unknown>;
}

/** What is wrong with the settings, field by field (empty: fine). */
export const tournamentInputProblems = (input: TTournamentInput): Record<string, string> => {
  const problems: Record<string, string> = {};
  if (!input.title.en?.trim()) problems.title = 'requiredField';
  if (!(input.endsAt > input.startsAt)) problems.ends_at = 'wrongField';
  if ((input.minBet ?? 0n) < 0n) problems.min_bet = 'wrongField';
  if ((input.games ?? []).length > 0 && (input.providers ?? []).length > 0) problems.providers = 'wrongField';
  if ((input.entryFee ?? 0n) < 0n || ((input.entryFee ?? 0n) > 0n && input.optIn === false))
    problems.entry_fee = 'wrongField';
  const places = new Set<number>();
  for (const p of input.prizes) {
    if (!Number.isSafeInteger(p.place) || p.place < 1 || places.has(p.place)) problems.prizes = 'wrongField';
    if (!Number.isSafeInteger(p.amount) || p.amount <= 0 || (p.type !== 'cash' && p.type !== 'bonus'))
      problems.prizes = 'wrongField';
    places.add(p.place);
  }
  return problems;
};

const textArray = (values: readonly string[] = []) =>
  sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))::text[]`;

const columns = (i: TTournamentInput) => ({
  title: sql`${JSON.stringify(i.title)}::jsonb`,
  description: sql`${JSON.stringify(i.description ?? {})}::jsonb`,
  image_url: sql`${i.imageUrl ?? null}`,
  tags: textArray(i.tags),
  provider: sql`${i.provider ?? null}`,
  games: textArray(i.games),
  providers: textArray(i.providers),
  game_kinds: textArray(i.gameKinds),
  starts_at: sql`${i.startsAt}`,
  ends_at: sql`${i.endsAt}`,
  scoring: sql`${i.scoring}`,
  min_bet: sql`${(i.minBet ?? 0n).toString()}::bigint`,
  countries: textArray(i.countries),
  currency: sql`${i.currency ?? 'USD'}`,
  opt_in: sql`${i.optIn ?? true}`,
  reset_on_cashout: sql`${i.resetOnCashout ?? false}`,
  entry_fee: sql`${(i.entryFee ?? 0n).toString()}::bigint`,
  prizes: sql`${JSON.stringify([...i.prizes].sort((a, b) => a.place - b.place))}::jsonb`,
  extra: sql`${JSON.stringify(i.extra ?? {})}::jsonb`,
});

/** Answers the new tournament's id (null when one with the same sysname exists). */
export const createTournament = async (db: TExecutor, input: TTournamentInput) => {
  const c = { ...columns(input), sysname: sql`${input.sysname ?? null}` };
  const names = Object.keys(c);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`insert into tournaments (${sql.raw(names.join(', '))})
        values (${sql.join(Object.values(c), sql`, `)}) on conflict (sysname) do nothing returning id`,
  );
  forgetTournamentRules();
  return row ? Number(row.id) : null;
};

/** Edits a tournament that is not closed yet; answers false when it is closing, finished or cancelled. */
export const updateTournament = async (db: TExecutor, id: number, input: TTournamentInput) => {
  const c = columns(input);
  const rows = await queryRows(
    db,
    sql`update tournaments set ${sql.join(
      Object.entries(c).map(([k, v]) => sql`${sql.raw(k)} = ${v}`),
      sql`, `,
    )}, updated_at = now() where id = ${id} and state = 'open' returning id`,
  );
  forgetTournamentRules();
  return rows.length > 0;
};
