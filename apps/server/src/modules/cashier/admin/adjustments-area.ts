/**
 * Manual balance adjustments, posted from the player's page (its form: player-panels.ts). Each confirms first and
 * one over the operator's adjustment limit waits for a second operator (issue 40, ADR 064): adjustmentApproval runs
 * it as the approver, once (the form's key is the ledger's idempotency key).
 */
import type { TAppContext } from '../../../platform/context.ts';
import {
  controlledAction,
  idParam,
  money,
  parseForm,
  type TActor,
  type TApproval,
  type TApprovalKind,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { ADJUSTABLE_ACCOUNTS, adjustBalance, type TAdjustment, ZAdjustmentForm } from './adjust-balance.ts';

const plan = async (ctx: TAppContext, form: TAdjustment) => {
  const player = await requirePlayer(ctx.db, form.playerId);
  const amount = money(form.amount, player.currency);
  const summary =
    form.direction === 'credit'
      ? `Credit ${amount} to ${player.login}’s ${form.account} balance`
      : `Debit ${amount} from ${player.login}’s ${form.account} balance`;
  return {
    action: 'adjustment' as const,
    target: { type: 'player', id: player.id },
    playerId: player.id,
    amount: form.amount,
    currency: player.currency,
    summary,
    payload: { ...form, amount: String(form.amount) },
    reason: form.reason,
    title: 'Confirm the adjustment',
    lines: [
      ['Player', `${player.login} (#${player.id})`],
      ['Balance', form.account],
      ['Direction', form.direction],
      ['Reason', form.reason],
    ] as [string, string][],
    verb: `${form.direction === 'credit' ? 'Credit' : 'Debit'} ${amount}`,
  };
};

export const adjustmentsArea: TRouteArea = (admin, kit, ctx) => {
  admin.post('/players/:id/adjust', async (request, reply) => {
    const playerId = idParam(request);
    return controlledAction(ctx, kit, request, reply, {
      permission: 'adjustments.create',
      section: 'players',
      back: `/admin/players/${playerId}`,
      ok: 'adjusted',
      parse: () => ({ ...parseForm(ZAdjustmentForm, request.body), playerId }),
      plan: (form) => plan(ctx, form),
      run: (form) => adjustBalance(ctx, kit.actorOf(request), form),
      keyOf: (form) => form.key,
    });
  });
};

/** An adjustment approved by a second operator: posted as the approver, from the stored form. */
export const adjustmentApproval: TApprovalKind = {
  action: 'adjustment',
  permission: 'adjustments.create',
  run: async (ctx: TAppContext, actor: TActor, approval: TApproval) => {
    const p = approval.payload;
    const account = ADJUSTABLE_ACCOUNTS.find((a) => a === p.account) ?? 'main';
    const posted = await adjustBalance(ctx, actor, {
      playerId: Number(p.playerId),
      account,
      direction: p.direction === 'debit' ? 'debit' : 'credit',
      amount: BigInt(String(p.amount)),
      reason: String(p.reason ?? ''),
      key: String(p.key ?? ''),
    });
    return { transaction_id: posted.transactionId, balance_after: String(posted.after) };
  },
};
