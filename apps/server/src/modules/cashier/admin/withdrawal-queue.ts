/**
 * The withdrawal queue: held withdrawals with their player, amount, method and masked requisites, and the bonuses
 * a pending one holds (forfeited if it is paid, back if it is declined: ADR 049; the bonus engine's withdrawal rule
 * says which, withdrawal-checks.ts); approve or decline through the cashier's review functions (each outcome happens once: a double click finds it done and the audit row is written
 * once).
 */
import { toCents } from '@casino/contracts';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import { isDay, recordAudit, type TActor } from '../../backoffice/index.ts';
import { queryRows, toBigInt } from '../../ledger/index.ts';
import { loginsByIds } from '../../players/index.ts';
import { approveWithdrawal, declineWithdrawal } from '../review-withdrawal.ts';
import { type TWithdrawalHeldBonus, withdrawalHolds } from '../withdrawal-checks.ts';

export interface TWithdrawal {
  id: string;
  playerId: number;
  login: string;
  amount: bigint;
  currency: string;
  method: string;
  status: string;
  requisites: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
  /** The bonuses a pending withdrawal holds (listed ones only). */
  heldBonuses: TWithdrawalHeldBonus[];
  /** Who paid or declined it, and a decline's reason (migration 1482; empty for older rows and a player's cancel). */
  decidedBy: string | null;
  decisionReason: string | null;
}

/** Requisites as the queue shows them: enough to check, never a whole card number, IBAN or address. */
export const maskRequisite = (name: string, value: string): string => {
  if (/card_number/.test(name)) return `•••• ${value.replace(/\D/g, '').slice(-4)}`;
  if (/iban/.test(name)) {
    const compact = value.replace(/\s/g, '');
    return compact.length > 8 ? `${compact.slice(0, 4)} •••• ${compact.slice(-4)}` : '••••';
  }
  if (/email/.test(name)) {
    const [local = '', domain = ''] = value.split('@');
    return `${local.slice(0, 1)}•••@${domain}`;
  }
  return value;
};

export const maskRequisites = (requisites: Record<string, string>) =>
  Object.fromEntries(Object.entries(requisites).map(([k, v]) => [k, maskRequisite(k, String(v))]));

interface TRow {
  id: string;
  player_id: unknown;
  amount: unknown;
  currency: string;
  method: string;
  status: string;
  requisites: Record<string, string> | string;
  created_at: string | Date;
  updated_at: string | Date;
  decided_by?: string | null;
  decision_reason?: string | null;
}

const toWithdrawal = (row: TRow, logins: Map<number, string>): TWithdrawal => ({
  id: row.id,
  playerId: Number(row.player_id),
  login: logins.get(Number(row.player_id)) ?? '',
  amount: toBigInt(row.amount),
  currency: row.currency,
  method: row.method,
  status: row.status,
  requisites: maskRequisites(
    typeof row.requisites === 'string' ? JSON.parse(row.requisites) : row.requisites,
  ),
  createdAt: new Date(row.created_at),
  updatedAt: new Date(row.updated_at),
  heldBonuses: [],
  decidedBy: row.decided_by ?? null,
  decisionReason: row.decision_reason ?? null,
});

export const WITHDRAWAL_STATUSES = ['pending', 'success', 'failed', 'cancelled'] as const;
export const QUEUE_PAGE_SIZE = 50;

/** The rows with their players' logins (the players module's, read once for the page). */
const withLogins = async (db: TExecutor, rows: TRow[]) => {
  const logins = await loginsByIds(
    db,
    rows.map((row) => Number(row.player_id)),
  );
  return rows.map((row) => toWithdrawal(row, logins));
};

/** The queue's filters: a tab (status), the method, an amount range (cents) and the days requested (UTC). */
export interface TWithdrawalFilter {
  status: string;
  page: number;
  playerId?: number;
  method?: string | null;
  min?: bigint | null;
  max?: bigint | null;
  from?: Date | null;
  /** The last day, included. */
  to?: Date | null;
  /** Rows a page (the CSV export takes more). */
  limit?: number;
}

export const listWithdrawals = async (db: TExecutor, filter: TWithdrawalFilter) => {
  const status = (WITHDRAWAL_STATUSES as readonly string[]).includes(filter.status)
    ? filter.status
    : 'pending';
  const size = filter.limit ?? QUEUE_PAGE_SIZE;
  const until = filter.to ? new Date(filter.to.getTime() + 86_400_000) : null;
  const rows = await queryRows<TRow>(
    db,
    sql`select c.id, c.player_id, c.amount, c.currency, c.method, c.status, c.requisites, c.created_at, c.updated_at,
               c.decided_by, c.decision_reason
        from cashier_transactions c
        where c.type = 'withdrawal' and c.status = ${status}
          ${filter.playerId ? sql`and c.player_id = ${filter.playerId}` : sql``}
          ${filter.method ? sql`and c.method = ${filter.method}` : sql``}
          ${filter.min ? sql`and c.amount >= ${filter.min}` : sql``}
          ${filter.max ? sql`and c.amount <= ${filter.max}` : sql``}
          ${filter.from ? sql`and c.created_at >= ${filter.from}` : sql``}
          ${until ? sql`and c.created_at < ${until}` : sql``}
        order by ${status === 'pending' ? sql`c.created_at asc` : sql`c.updated_at desc`}, c.id
        limit ${size + 1} offset ${filter.page * size}`,
  );
  const page = await withLogins(db, rows.slice(0, size));
  const held =
    status === 'pending' ? await withdrawalHolds(db, page) : new Map<string, TWithdrawalHeldBonus[]>();
  return {
    status,
    rows: page.map((w) => ({ ...w, heldBonuses: held.get(w.id) ?? [] })),
    hasMore: rows.length > size,
  };
};

const METHODS = ['card', 'bank_transfer', 'ewallet'];

/** The queue's filters as the page's query gives them: a value that does not read is left out (and shown blank). */
export const withdrawalFilterOf = (query: Record<string, string | undefined>) => {
  const amount = (v: string | undefined) =>
    v && /^\d{1,9}(\.\d{1,2})?$/.test(v.trim()) ? toCents(v.trim()) : null;
  const day = (v: string | undefined) => (v && isDay(v.trim()) ? new Date(`${v.trim()}T00:00:00Z`) : null);
  const method = METHODS.includes(query.method ?? '') ? (query.method ?? null) : null;
  return {
    status: query.status ?? 'pending',
    method,
    min: amount(query.min),
    max: amount(query.max),
    from: day(query.from),
    to: day(query.to),
  };
};
export type TWithdrawalQuery = ReturnType<typeof withdrawalFilterOf>;

export const countPendingWithdrawals = async (db: TExecutor) =>
  Number(
    (
      await queryRows<{ n: unknown }>(
        db,
        sql`select count(*) as n from cashier_transactions where type = 'withdrawal' and status = 'pending'`,
      )
    )[0]?.n ?? 0,
  );

export const findWithdrawal = async (db: TExecutor, id: string) =>
  (
    await withLogins(
      db,
      await queryRows<TRow>(
        db,
        sql`select c.id, c.player_id, c.amount, c.currency, c.method, c.status, c.requisites, c.created_at,
                   c.updated_at
            from cashier_transactions c
            where c.id = ${id} and c.type = 'withdrawal'`,
      ),
    )
  )[0];

export type TReviewDecision = 'approve' | 'decline';

/**
 * Approves or declines. Repeating the same decision is harmless (the cashier answers the status it reached,
 * the audit key is taken); the opposite decision on a settled withdrawal is refused.
 */
export const reviewWithdrawal = async (
  ctx: TAppContext,
  actor: TActor,
  input: { id: string; decision: TReviewDecision; reason?: string },
) => {
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) throw new AppError('InvalidParameterException');
  const before = await findWithdrawal(ctx.db, input.id);
  if (!before) throw new AppError('InvalidParameterException', { invalid_parameters: { id: 'notFound' } });
  const reason = input.reason?.trim() ?? '';
  if (input.decision === 'decline' && reason.length < 3)
    throw new AppError('InvalidParameterException', { invalid_parameters: { reason: 'requiredField' } });
  const { status, bonusReturned } =
    input.decision === 'approve'
      ? await approveWithdrawal(ctx, input.id, actor.email)
      : await declineWithdrawal(ctx, input.id, actor.email, reason.slice(0, 500));
  await recordAudit(ctx.db, actor, {
    action: input.decision === 'approve' ? 'withdrawal.approve' : 'withdrawal.decline',
    target: { type: 'withdrawal', id: input.id },
    before: {
      status: 'pending',
      player_id: before.playerId,
      amount: before.amount.toString(),
      currency: before.currency,
      method: before.method,
    },
    after: bonusReturned > 0n ? { status, bonus_returned: bonusReturned.toString() } : { status },
    reason: input.decision === 'decline' ? reason.slice(0, 500) : null,
    dedupeKey: `withdrawal:${input.id}:resolved`,
    at: ctx.providers.clock.now(),
  });
  return { status, withdrawal: before };
};
