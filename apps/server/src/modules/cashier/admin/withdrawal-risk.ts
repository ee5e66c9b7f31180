/**
 * The risk context of the withdrawal queue (issue 40): for each player on the page, in one statement, the KYC
 * status (verification's view), the account's age (the players' directory view), paid deposits and payouts and their
 * net, the deposit methods used (does the payout go back the way money came in?), the bonuses had and still open (the
 * bonuses' view); the time-out or self-exclusion in force comes from responsible gaming's front door.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../../platform/db/database.ts';
import { queryRows, toBigInt } from '../../ledger/index.ts';
import { rgStatusOf } from '../../responsible-gaming/index.ts';

export interface TWithdrawalRisk {
  kyc: string;
  registeredAt: Date | null;
  deposits: number;
  deposited: bigint;
  withdrawn: bigint;
  depositMethods: string[];
  bonuses: number;
  openBonuses: number;
  rg: { type: 'time_out' | 'self_exclusion'; until: Date | null } | null;
}

interface TRiskRow {
  player_id: unknown;
  created_at: string | Date | null;
  kyc: string | null;
  deposits: unknown;
  deposited: unknown;
  withdrawn: unknown;
  methods: string[] | string | null;
  bonuses: unknown;
  open_bonuses: unknown;
}

/** A text[] as either driver answers it. */
const textArray = (value: string[] | string | null): string[] =>
  Array.isArray(value)
    ? value
    : value
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

export const withdrawalRisks = async (
  db: TExecutor,
  playerIds: number[],
  now: Date,
): Promise<Map<number, TWithdrawalRisk>> => {
  const ids = [...new Set(playerIds)];
  if (ids.length === 0) return new Map();
  const list = sql.join(
    ids.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const [rows, rg] = await Promise.all([
    queryRows<TRiskRow>(
      db,
      sql`select p.id as player_id, p.created_at,
            (select k.status from verification_player_status_v k where k.player_id = p.id) as kyc,
            (select count(*) from cashier_transactions d
              where d.player_id = p.id and d.type = 'deposit' and d.status = 'success') as deposits,
            (select coalesce(sum(d.amount), 0) from cashier_transactions d
              where d.player_id = p.id and d.type = 'deposit' and d.status = 'success') as deposited,
            (select coalesce(sum(w.amount), 0) from cashier_transactions w
              where w.player_id = p.id and w.type = 'withdrawal' and w.status = 'success') as withdrawn,
            (select array_agg(distinct d.method) from cashier_transactions d
              where d.player_id = p.id and d.type = 'deposit' and d.status = 'success') as methods,
            (select count(*) from bonuses_player_terms_v b where b.player_id = p.id) as bonuses,
            (select count(*) from bonuses_player_terms_v b
              where b.player_id = p.id and b.status in ('active', 'available')) as open_bonuses
          from players_directory_v p where p.id in (${list})`,
    ),
    rgStatusOf(db, ids, now),
  ]);
  return new Map(
    rows.map((r) => {
      const id = Number(r.player_id);
      const exclusion = rg.get(id);
      return [
        id,
        {
          kyc: r.kyc ?? 'none',
          registeredAt: r.created_at ? new Date(r.created_at) : null,
          deposits: Number(r.deposits),
          deposited: toBigInt(r.deposited),
          withdrawn: toBigInt(r.withdrawn),
          depositMethods: textArray(r.methods),
          bonuses: Number(r.bonuses),
          openBonuses: Number(r.open_bonuses),
          rg: exclusion ? { type: exclusion.type, until: exclusion.until } : null,
        },
      ];
    }),
  );
};

/** The account's age in whole days at `now`. */
export const ageInDays = (registeredAt: Date | null, now: Date) =>
  registeredAt ? Math.max(0, Math.floor((now.getTime() - registeredAt.getTime()) / 86_400_000)) : null;
