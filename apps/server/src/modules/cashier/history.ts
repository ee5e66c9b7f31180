/** cashier.gethistory and the deposit record of cashier.getdepositinfo. */
import { toMajor } from '@casino/contracts';
import type { CASHIER_REASONS, CASHIER_STATUSES } from '@casino/contracts/calls/cashier';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';

type TStatus = (typeof CASHIER_STATUSES)[number];
type TReason = (typeof CASHIER_REASONS)[number];

/** The player may cancel a withdrawal still held, or a deposit still open. */
const canCancel = (type: 'deposit' | 'withdrawal', status: TStatus) =>
  type === 'withdrawal' ? status === 'pending' : status === 'new' || status === 'pending';

export const getHistory = async (
  db: TExecutor,
  playerId: number,
  filter: { type: string; status: string; offset: number; count: number },
) => {
  const where = sql.join(
    [
      sql`player_id = ${playerId}`,
      ...(filter.type === 'deposit' || filter.type === 'withdrawal' ? [sql`type = ${filter.type}`] : []),
      ...(filter.status ? [sql`status = ${filter.status}`] : []),
    ],
    sql` and `,
  );
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*)::int as n from cashier_transactions where ${where}`,
  );
  const rows = await queryRows<{
    id: string;
    type: 'deposit' | 'withdrawal';
    status: TStatus;
    amount: unknown;
    currency: string;
    method: string;
    requisites: Record<string, string>;
    status_reason: TReason | null;
    decided_by: string | null;
    decision_reason: string | null;
    created_at: string | Date;
    updated_at: string | Date;
  }>(
    db,
    sql`select id, type, status, amount, currency, method, requisites, status_reason, decided_by, decision_reason, created_at, updated_at
        from cashier_transactions where ${where}
        order by created_at desc, id desc limit ${filter.count} offset ${filter.offset}`,
  );
  /** A failed withdrawal an operator decided: declined, its money returned. */
  const isDeclined = (r: (typeof rows)[number]) =>
    r.type === 'withdrawal' && r.status === 'failed' && r.decided_by !== null;
  return {
    count: Number(total?.n ?? 0),
    items: rows.map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      amount: toMajor(toBigInt(r.amount)),
      currency: r.currency,
      method: r.method,
      requisites: r.requisites ?? {},
      created_at: Math.floor(new Date(r.created_at).getTime() / 1000),
      updated_at: Math.floor(new Date(r.updated_at).getTime() / 1000),
      can_cancel: canCancel(r.type, r.status),
      reason: r.status === 'refunded' ? r.status_reason : isDeclined(r) ? 'declined' : null,
      // The operator's reason: the decline's confirmation page tells them the player sees it.
      decline_reason: isDeclined(r) ? r.decision_reason : null,
    })),
  };
};

export const getDepositRecord = async (db: TExecutor, playerId: number) => {
  const [row] = await queryRows<{ n: unknown; total: unknown; last: string | Date | null }>(
    db,
    sql`select count(*)::int as n, coalesce(sum(amount), 0)::text as total, max(created_at) as last
        from cashier_transactions where player_id = ${playerId} and type = 'deposit' and status = 'success'`,
  );
  const count = Number(row?.n ?? 0);
  return {
    deposits_count: count,
    has_deposits: count > 0,
    total_amount: toMajor(toBigInt(row?.total)),
    last_deposit_at: row?.last ? Math.floor(new Date(row.last).getTime() / 1000) : null,
  };
};
