/** The players' answers for the reports module: a player's country and currency, and registrations by day. */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';

export interface TPlayerDims {
  country: string;
  currency: string;
}

export const playerDims = async (db: TExecutor, ids: number[]): Promise<Map<number, TPlayerDims>> => {
  const out = new Map<number, TPlayerDims>();
  for (let at = 0; at < ids.length; at += 5000) {
    const chunk = ids.slice(at, at + 5000);
    const rows = await queryRows<{ id: string; country: string | null; currency: string }>(
      db,
      sql`select id::text as id, country_code as country, currency from players
          where id in (${sql.join(
            chunk.map((id) => sql`${id}`),
            sql`, `,
          )})`,
    );
    for (const r of rows) out.set(Number(r.id), { country: r.country ?? '', currency: r.currency });
  }
  return out;
};

export const registrationsBetween = async (db: TExecutor, from: Date, to: Date) =>
  (
    await queryRows<{ country: string | null; currency: string; n: number }>(
      db,
      sql`select country_code as country, currency, count(*)::int as n from players
          where created_at >= ${from} and created_at < ${to} group by 1, 2`,
    )
  ).map((r) => ({ country: r.country ?? '', currency: r.currency, registrations: Number(r.n) }));

/** Every player's currency and country as a query (player_id, currency, country), for a query grouping by them. */
export const playerGroupsQuery = () =>
  sql`select id as player_id, currency, coalesce(country_code, '') as country from players`;
