/**
 * Approving a withdrawal behind the back-office's controls (issue 40, ADR 064): the approval confirms first (what is
 * paid, which bonus it forfeits), and one over the operator's withdrawal-approval limit waits for a second operator;
 * withdrawalApproval then pays it out as the approver, once (the cashier settles a withdrawal at most once).
 */
import type { TAppContext } from '../../../platform/context.ts';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import {
  money,
  type TActor,
  type TApproval,
  type TApprovalKind,
  type TReasonedPlan,
} from '../../backoffice/index.ts';
import { withdrawalHolds } from '../withdrawal-checks.ts';
import { findWithdrawal, reviewWithdrawal } from './withdrawal-queue.ts';

const METHOD_NAMES: Record<string, string> = {
  card: 'Bank card',
  bank_transfer: 'Bank transfer',
  ewallet: 'E-wallet',
};

export const withdrawalPlan = async (ctx: TAppContext, id: string) => {
  const w = /^[0-9a-f-]{36}$/i.test(id) ? await findWithdrawal(ctx.db, id) : undefined;
  if (!w) throw invalidParameters({ id: 'notFound' });
  // Settled the other way already: the queue's own refusal, as the cashier words it (a repeated payout is harmless).
  if (w.status !== 'pending' && w.status !== 'success')
    throw new AppError('WithdrawalDeclinedException', { reason: 'not_pending', status: w.status });
  const held = (await withdrawalHolds(ctx.db, [w])).get(w.id) ?? [];
  const amount = money(w.amount, w.currency);
  return {
    action: 'withdrawal_approval' as const,
    target: { type: 'withdrawal', id: w.id },
    playerId: w.playerId,
    amount: w.amount,
    currency: w.currency,
    summary: `Pay out ${amount} to ${w.login} by ${METHOD_NAMES[w.method] ?? w.method}`,
    payload: { id: w.id },
    reason: '',
    title: 'Confirm the payout',
    lines: [
      ['Player', `${w.login} (#${w.playerId})`],
      ['Method', METHOD_NAMES[w.method] ?? w.method],
      ['Requested', `${w.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
      ...(held.length > 0
        ? [['Bonus forfeited', held.map((b) => `${b.title} (${money(b.stash, w.currency)})`).join(', ')]]
        : []),
    ] as [string, string][],
    verb: `Pay out ${amount}`,
  };
};

/**
 * Declining a withdrawal, as its confirmation page says it (ADR 064): the refund in money, the method, and what
 * happens to each bonus it holds. A withdrawal settled already is the queue's own refusal (not_pending).
 */
export const withdrawalDeclinePlan = async (ctx: TAppContext, id: string): Promise<TReasonedPlan> => {
  const w = /^[0-9a-f-]{36}$/i.test(id) ? await findWithdrawal(ctx.db, id) : undefined;
  if (!w) throw invalidParameters({ id: 'notFound' });
  // Settled otherwise already: refused as the queue words it (a repeated decline is harmless: the cashier's answer).
  if (w.status !== 'pending' && w.status !== 'failed')
    throw new AppError('WithdrawalDeclinedException', { reason: 'not_pending', status: w.status });
  const held = (await withdrawalHolds(ctx.db, [w])).get(w.id) ?? [];
  const amount = money(w.amount, w.currency);
  const bonuses = held.map((b) =>
    b.otherWithdrawals === 0
      ? `${b.title} (${money(b.stash, w.currency)}) comes back to the player`
      : `${b.title} (${money(b.stash, w.currency)}) stays held by ${b.otherWithdrawals} other pending withdrawal${b.otherWithdrawals === 1 ? '' : 's'}`,
  );
  return {
    kind: 'withdrawal_decline',
    title: 'Confirm the decline',
    summary: `Decline the withdrawal of ${amount} by ${w.login} and refund it`,
    lines: [
      ['Player', `${w.login} (#${w.playerId})`],
      ['Amount', amount],
      ['Method', METHOD_NAMES[w.method] ?? w.method],
      ['Requested', `${w.createdAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
      ...(bonuses.length > 0 ? [['Held bonus', bonuses.join('; ')] as [string, string]] : []),
    ],
    consequence: `${amount} goes back to the player's balance; nothing is paid out. The player sees the reason.`,
    verb: `Decline and refund ${amount}`,
    reasonLabel: 'Reason for the decline',
  };
};

/** A payout approved by a second operator: the cashier pays it as the approver. */
export const withdrawalApproval: TApprovalKind = {
  action: 'withdrawal_approval',
  permission: 'withdrawals.review',
  run: async (ctx: TAppContext, actor: TActor, approval: TApproval) => {
    const { status } = await reviewWithdrawal(ctx, actor, {
      id: String(approval.payload.id),
      decision: 'approve',
    });
    return { status };
  },
};
