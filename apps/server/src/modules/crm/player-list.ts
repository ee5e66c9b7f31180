/**
 * The player list: every player, filtered, sorted and paged (offset, with the count), read through the owners'
 * views (players_directory_v, the cashier's totals and payments, verification_player_status_v,
 * loyalty_player_levels_v, the responsible-gaming spans and limits) and the CRM's own tags and flags. The page's
 * players are chosen first (their ids, skipping by offset over the ordering's index), then read with their money;
 * the money joins the choice only when the filter or the order needs it. docs/decisions/065-player-crm.md.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, textArray, toBigInt } from '../ledger/index.ts';
import { searchPlayers } from '../players/index.ts';
import type { TPlayerFilter } from './player-filter.ts';

export const LIST_PAGE_SIZE = 50;

export interface TListedPlayer {
  id: number;
  login: string;
  email: string | null;
  status: string;
  currency: string;
  countryCode: string | null;
  createdAt: Date;
  deposits: bigint;
  withdrawals: bigint;
  net: bigint;
  lastDepositAt: Date | null;
}

/** What the list shows beside a player's row: KYC, level, tags, flags, the responsible-gaming state now. */
export interface TPlayerMarks {
  kyc: string;
  level: string | null;
  tags: string[];
  flags: string[];
  /** A time-out or self-exclusion in force (its end; null: permanent), else null. */
  exclusion: { type: 'time_out' | 'self_exclusion'; endsAt: Date | null } | null;
  limits: boolean;
}

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const inForce = (now: Date) =>
  sql`e.starts_at <= ${at(now)} and (e.ends_at is null or e.ends_at > ${at(now)})`;

const NET = sql`coalesce(m.net, 0)`;

/** Whether the paging query itself needs the money (to filter or order by it), not only the page's rows. */
const needsMoney = (filter: TPlayerFilter) =>
  filter.netMin !== undefined ||
  filter.netMax !== undefined ||
  filter.sort === 'net' ||
  filter.sort === 'last_deposit';

/** The cashier's running totals (cashier_player_totals_v: one row per player who was ever paid or paid in). */
const MONEY_JOIN = sql`left join cashier_player_totals_v m on m.player_id = p.id`;

/** The filter as SQL conditions on `p` (players_directory_v) and, for the money, `m`. */
export const conditions = (filter: TPlayerFilter, now: Date, searchIds: number[] | null): SQL[] => {
  const c: (SQL | false | null | undefined | '')[] = [
    searchIds && sql`p.id = any(${textArray(searchIds.map(String))}::bigint[])`,
    filter.status && sql`p.status = ${filter.status}`,
    filter.countries && sql`p.country_code = any(${textArray(filter.countries)}::text[])`,
    filter.registeredFrom && sql`p.created_at >= ${at(filter.registeredFrom)}`,
    filter.registeredTo && sql`p.created_at < ${at(filter.registeredTo)}`,
    (filter.depositedFrom || filter.depositedTo) &&
      sql`exists (select 1 from cashier_player_payments_v d where d.player_id = p.id and d.type = 'deposit'
            ${filter.depositedFrom ? sql`and d.created_at >= ${at(filter.depositedFrom)}` : sql``}
            ${filter.depositedTo ? sql`and d.created_at < ${at(filter.depositedTo)}` : sql``})`,
    filter.netMin !== undefined && sql`${NET} >= ${filter.netMin.toString()}::bigint`,
    filter.netMax !== undefined && sql`${NET} <= ${filter.netMax.toString()}::bigint`,
    filter.level &&
      sql`exists (select 1 from loyalty_player_levels_v l where l.player_id = p.id and l.level = ${filter.level})`,
    filter.kyc &&
      (filter.kyc === 'none'
        ? sql`not exists (select 1 from verification_player_status_v k where k.player_id = p.id and k.status <> 'none')`
        : sql`exists (select 1 from verification_player_status_v k where k.player_id = p.id and k.status = ${filter.kyc})`),
    filter.rg === 'time_out' || filter.rg === 'self_exclusion'
      ? sql`exists (select 1 from responsible_gaming_exclusion_spans_v e
                     where e.player_id = p.id and e.type = ${filter.rg} and ${inForce(now)})`
      : undefined,
    filter.rg === 'limits' &&
      sql`exists (select 1 from responsible_gaming_limits_set_v r where r.player_id = p.id)`,
    filter.rg === 'none' &&
      sql`not exists (select 1 from responsible_gaming_exclusion_spans_v e where e.player_id = p.id and ${inForce(now)})
          and not exists (select 1 from responsible_gaming_limits_set_v r where r.player_id = p.id)`,
    filter.tag &&
      sql`exists (select 1 from crm_player_tags t where t.player_id = p.id and t.tag = ${filter.tag})`,
    filter.flag &&
      sql`exists (select 1 from crm_player_flags f where f.player_id = p.id and f.flag = ${filter.flag})`,
  ];
  return c.filter((x): x is SQL => Boolean(x));
};

export const whereOf = (parts: SQL[]) => (parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``);

const orderOf = (filter: TPlayerFilter) => {
  const dir = filter.dir === 'asc' ? sql`asc` : sql`desc`;
  switch (filter.sort) {
    case 'login':
      return sql`p.login_key ${dir}, p.id ${dir}`;
    case 'registered':
      return sql`p.created_at ${dir}, p.id ${dir}`;
    case 'net':
      return sql`${NET} ${dir}, p.id ${dir}`;
    case 'last_deposit':
      return sql`m.last_deposit_at ${dir} nulls last, p.id ${dir}`;
    default:
      return sql`p.id ${dir}`;
  }
};

type TRow = Record<string, unknown>;
const toDate = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string | Date));
const rowOf = (r: TRow): TListedPlayer => {
  const deposits = toBigInt(r.deposits);
  const withdrawals = toBigInt(r.withdrawals);
  return {
    id: Number(r.id),
    login: String(r.login),
    email: (r.email as string | null) ?? null,
    status: String(r.status),
    currency: String(r.currency),
    countryCode: (r.country_code as string | null) ?? null,
    createdAt: toDate(r.created_at) as Date,
    deposits,
    withdrawals,
    net: deposits - withdrawals,
    lastDepositAt: toDate(r.last_deposit_at),
  };
};

/** The ids a search text finds (the players module's search), or null when there is no text. */
const searchIdsOf = async (db: TExecutor, filter: TPlayerFilter) =>
  filter.q ? (await searchPlayers(db, filter.q)).map((hit) => hit.id) : null;

const COLUMNS = sql`p.id, p.login, p.email, p.status, p.currency, p.country_code, p.created_at,
  m.deposits, m.withdrawals, m.last_deposit_at`;

/** One page of the list and how many players the filter finds in all. */
export const listPlayers = async (
  db: TExecutor,
  filter: TPlayerFilter,
  page: number,
  now: Date,
): Promise<{ rows: TListedPlayer[]; total: number }> => {
  const searchIds = await searchIdsOf(db, filter);
  const parts = conditions(filter, now, searchIds);
  const money = needsMoney(filter) ? MONEY_JOIN : sql``;
  const moneyFiltered = filter.netMin !== undefined || filter.netMax !== undefined;
  // The page's players first (an offset skips over the order's index, not over joined rows), then their money.
  const [rows, counted] = await Promise.all([
    queryRows<TRow>(
      db,
      sql`select ${COLUMNS} from (
            select p.* from players_directory_v p ${money} ${whereOf(parts)} order by ${orderOf(filter)}
             limit ${LIST_PAGE_SIZE} offset ${page * LIST_PAGE_SIZE}) p
          ${MONEY_JOIN} order by ${orderOf(filter)}`,
    ),
    queryRows<{ n: unknown }>(
      db,
      sql`select count(*) as n from players_directory_v p ${moneyFiltered ? MONEY_JOIN : sql``} ${whereOf(parts)}`,
    ),
  ]);
  return { rows: rows.map(rowOf), total: Number(counted[0]?.n ?? 0) };
};

/** Every player the filter finds, in id order, a chunk at a time (the CSV export, a bulk action). */
export async function* eachFilteredPlayer(
  db: TExecutor,
  filter: TPlayerFilter,
  now: Date,
  chunk = 1000,
): AsyncGenerator<TListedPlayer[]> {
  const searchIds = await searchIdsOf(db, filter);
  let after: number | null = null;
  for (;;) {
    const parts = conditions(filter, now, searchIds);
    if (after !== null) parts.push(sql`p.id > ${after}`);
    const rows: TListedPlayer[] = (
      await queryRows<TRow>(
        db,
        sql`select ${COLUMNS} from players_directory_v p ${MONEY_JOIN} ${whereOf(parts)} order by p.id asc limit ${chunk}`,
      )
    ).map(rowOf);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < chunk) return;
    after = rows[rows.length - 1]?.id ?? null;
  }
}

/** The marks of the players listed (one statement for the page). */
export const playerMarks = async (
  db: TExecutor,
  ids: number[],
  now: Date,
): Promise<Map<number, TPlayerMarks>> => {
  if (ids.length === 0) return new Map();
  const rows = await queryRows<TRow>(
    db,
    sql`select p.id,
          coalesce((select k.status from verification_player_status_v k where k.player_id = p.id), 'none') as kyc,
          (select l.level from loyalty_player_levels_v l where l.player_id = p.id) as level,
          array(select t.tag from crm_player_tags t where t.player_id = p.id order by t.tag) as tags,
          array(select f.flag from crm_player_flags f where f.player_id = p.id order by f.flag) as flags,
          (select e.type from responsible_gaming_exclusion_spans_v e where e.player_id = p.id and ${inForce(now)}
            order by e.type = 'self_exclusion' desc, e.ends_at desc nulls first limit 1) as exclusion,
          (select e.ends_at from responsible_gaming_exclusion_spans_v e where e.player_id = p.id and ${inForce(now)}
            order by e.type = 'self_exclusion' desc, e.ends_at desc nulls first limit 1) as exclusion_ends,
          exists (select 1 from responsible_gaming_limits_set_v r where r.player_id = p.id) as limits
        from unnest(${textArray(ids.map(String))}::bigint[]) as p(id)`,
  );
  return new Map(
    rows.map((r) => [
      Number(r.id),
      {
        kyc: String(r.kyc),
        level: (r.level as string | null) ?? null,
        tags: (r.tags as string[] | null) ?? [],
        flags: (r.flags as string[] | null) ?? [],
        exclusion: r.exclusion
          ? { type: r.exclusion as 'time_out' | 'self_exclusion', endsAt: toDate(r.exclusion_ends) }
          : null,
        limits: r.limits === true || r.limits === 't',
      },
    ]),
  );
};
