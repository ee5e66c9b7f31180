/**
 * The withdrawal queue: pending and settled withdrawals with each player's risk context, filters (method, amount,
 * days requested), a CSV export of what the filters show; approve (confirmed, within the operator's limit or by a
 * second operator) and decline (with a reason, shown on the declined tab with who declined).
 */
import type { RouteHandlerMethod } from 'fastify';
import {
  can,
  controlledAction,
  pageOf,
  pendingApprovalsOf,
  queryOf,
  reasonedAction,
  type TRouteArea,
  toCsv,
} from '../../backoffice/index.ts';
import { withdrawalDeclinePlan, withdrawalPlan } from './withdrawal-controls.ts';
import { listWithdrawals, reviewWithdrawal, withdrawalFilterOf } from './withdrawal-queue.ts';
import { withdrawalRisks } from './withdrawal-risk.ts';
import { withdrawalsBody } from './withdrawals-page.ts';

/** Cents as the CSV writes them: 1234 → 12.34 (no currency sign, no grouping). */
const toMajorText = (cents: bigint) => {
  const sign = cents < 0n ? '-' : '';
  const abs = cents < 0n ? -cents : cents;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
};

const CSV_HEADER = [
  'id',
  'requested_at',
  'settled_at',
  'player_id',
  'login',
  'amount',
  'currency',
  'method',
  'status',
  'decided_by',
  'decision_reason',
  'kyc',
  'registered_at',
  'deposits',
  'deposited',
  'withdrawn',
  'net_deposits',
  'deposited_by_this_method',
  'bonuses',
  'open_bonuses',
  'rg',
];
/** The CSV export takes at most this many rows (the filters narrow it). */
const CSV_MAX_ROWS = 10_000;

export const withdrawalsArea: TRouteArea = (admin, kit, ctx) => {
  // Withdrawals
  admin.get('/withdrawals', async (request, reply) => {
    const operator = await kit.need(request, 'withdrawals.review');
    const filter = withdrawalFilterOf(queryOf(request));
    const result = await listWithdrawals(ctx.db, { ...filter, page: pageOf(request) });
    const now = ctx.providers.clock.now();
    const [risks, approvals] = await Promise.all([
      withdrawalRisks(
        ctx.db,
        result.rows.map((w) => w.playerId),
        now,
      ),
      pendingApprovalsOf(
        ctx.db,
        'withdrawal',
        result.rows.map((w) => w.id),
      ),
    ]);
    return kit.render(
      request,
      reply,
      'Withdrawals',
      'withdrawals',
      withdrawalsBody({
        ...result,
        filter,
        risks,
        waiting: new Map(approvals.map((a) => [a.targetId, a.requestedByEmail])),
        now,
        page: pageOf(request),
        csrf: kit.auth(request).session.csrfToken,
        canReview: can(operator.role, 'withdrawals.review'),
      }),
    );
  });
  admin.get('/withdrawals/export.csv', async (request, reply) => {
    await kit.need(request, 'withdrawals.review');
    const filter = withdrawalFilterOf(queryOf(request));
    const { status, rows } = await listWithdrawals(ctx.db, { ...filter, page: 0, limit: CSV_MAX_ROWS });
    const now = ctx.providers.clock.now();
    const risks = await withdrawalRisks(
      ctx.db,
      rows.map((w) => w.playerId),
      now,
    );
    const major = (cents: bigint) => toMajorText(cents);
    const lines = rows.map((w) => {
      const r = risks.get(w.playerId);
      return [
        w.id,
        w.createdAt.toISOString(),
        w.status === 'pending' ? '' : w.updatedAt.toISOString(),
        w.playerId,
        w.login,
        major(w.amount),
        w.currency,
        w.method,
        w.status,
        w.decidedBy ?? '',
        w.decisionReason ?? '',
        r?.kyc ?? '',
        r?.registeredAt?.toISOString() ?? '',
        r?.deposits ?? 0,
        major(r?.deposited ?? 0n),
        major(r?.withdrawn ?? 0n),
        major((r?.deposited ?? 0n) - (r?.withdrawn ?? 0n)),
        r?.depositMethods.includes(w.method) ? 'yes' : 'no',
        r?.bonuses ?? 0,
        r?.openBonuses ?? 0,
        r?.rg ? `${r.rg.type}${r.rg.until ? ` until ${r.rg.until.toISOString()}` : ' permanent'}` : '',
      ];
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="withdrawals-${status}.csv"`)
      .send(toCsv(CSV_HEADER, lines));
  });
  // A payout confirms first and follows the operator's limit (withdrawal-controls.ts); a decline refunds, with a reason.
  admin.post('/withdrawals/:wid/approve', async (request, reply) => {
    const id = (request.params as { wid: string }).wid;
    return controlledAction(ctx, kit, request, reply, {
      permission: 'withdrawals.review',
      section: 'withdrawals',
      back: '/admin/withdrawals',
      ok: 'approved',
      parse: () => id,
      plan: (wid) => withdrawalPlan(ctx, wid),
      run: (wid) => reviewWithdrawal(ctx, kit.actorOf(request), { id: wid, decision: 'approve' }),
    });
  });
  // A decline confirms first, on its own page (GET, or a post without confirmed=1): the refund, and its reason.
  const decline: RouteHandlerMethod = async (request, reply) => {
    const id = (request.params as { wid: string }).wid;
    return reasonedAction(kit, request, reply, {
      permission: 'withdrawals.review',
      section: 'withdrawals',
      back: '/admin/withdrawals',
      ok: 'declined',
      minReason: 3,
      plan: () => withdrawalDeclinePlan(ctx, id),
      run: (reason) => reviewWithdrawal(ctx, kit.actorOf(request), { id, decision: 'decline', reason }),
    });
  };
  admin.get('/withdrawals/:wid/decline', decline);
  admin.post('/withdrawals/:wid/decline', decline);
};
