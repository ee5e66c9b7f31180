/**
 * A bonus to every player of a segment, under the back-office's controls (ADR 064, 065): the operator confirms
 * first (how many players, the amount each, the total, their limit); the total is checked against their role's
 * bonus-grant limit. Within it, each player is granted at once. Over it, each player's grant becomes a pending
 * approval that a second operator approves like any other bonus grant (the bonuses' approval kind runs it once).
 * A player who may not get a bonus now (not active, in a time-out or excluded) is skipped and counted.
 */
import { createHash } from 'node:crypto';
import type { TAppContext } from '../../platform/context.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import {
  checkAmountLimit,
  money,
  recordAudit,
  requestApproval,
  type TActor,
  type TOperator,
} from '../backoffice/index.ts';
import { findTemplateBySysname, grantPlayerBonus } from '../bonuses/index.ts';
import { findPlayerById } from '../players/index.ts';
import { segmentIds } from './bulk.ts';
import { filledFields, type TFilterQuery } from './player-filter.ts';

/** Each grant is its own bonus (and, over the limit, its own approval): a segment's grant stays this small. */
export const BULK_BONUS_MAX = 1000;

export interface TBulkBonusForm {
  template: string;
  amount: bigint | null;
  reason: string;
  key: string;
}

export const planBulkBonus = async (
  ctx: TAppContext,
  role: TOperator['role'],
  query: TFilterQuery,
  form: TBulkBonusForm,
) => {
  const template = await findTemplateBySysname(ctx.db, form.template);
  if (!template?.isActive) throw invalidParameters({ bonus_template: 'wrongField' });
  const each = form.amount ?? template.amount;
  if (each === null) throw invalidParameters({ amount: 'requiredField' });
  const ids = await segmentIds(ctx, query);
  if (ids.length === 0) throw invalidParameters({ filter: 'empty' });
  if (ids.length > BULK_BONUS_MAX) throw invalidParameters({ filter: 'tooManyForBonus' });
  const total = each * BigInt(ids.length);
  const { within, limit } = await checkAmountLimit(ctx.db, role, 'bonus_grant', total);
  return { ids, template: template.sysname, each, total, within, limit };
};

/** A key of its own per player (the grant's and the approval's), from the confirmation's one-time key. */
const keyFor = (key: string, playerId: number) => {
  const hex = createHash('sha256').update(`${key}:${playerId}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
};

export const runBulkBonus = async (
  ctx: TAppContext,
  actor: TActor,
  role: TOperator['role'],
  query: TFilterQuery,
  form: TBulkBonusForm,
) => {
  const plan = await planBulkBonus(ctx, role, query, form);
  const now = ctx.providers.clock.now();
  let done = 0;
  let skipped = 0;
  for (const playerId of plan.ids) {
    const player = await findPlayerById(ctx.db, playerId);
    const key = keyFor(form.key, playerId);
    if (player?.status !== 'active') {
      skipped += 1;
      continue;
    }
    try {
      if (plan.within)
        await grantPlayerBonus(ctx, actor, {
          playerId,
          template: plan.template,
          amount: form.amount,
          reason: form.reason,
          key,
        });
      else
        await requestApproval(
          ctx.db,
          actor,
          {
            action: 'bonus_grant',
            target: { type: 'player', id: playerId },
            playerId,
            amount: plan.each,
            currency: player.currency,
            summary: `Grant ${money(plan.each, player.currency)} bonus “${plan.template}” to ${player.login} (a segment's grant)`,
            payload: {
              kind: 'bonus',
              playerId,
              template: plan.template,
              amount: form.amount === null ? null : String(form.amount),
              reason: form.reason,
              key,
            },
            reason: form.reason,
            key,
          },
          now,
        );
      done += 1;
    } catch (error) {
      // A player who may not get a bonus now (a time-out, an exclusion): the others still get theirs.
      if (!(error instanceof AppError)) throw error;
      skipped += 1;
    }
  }
  await recordAudit(ctx.db, actor, {
    action: plan.within ? 'segment.bonus' : 'segment.bonus_requested',
    target: { type: 'segment', id: new URLSearchParams(filledFields(query)).toString() },
    after: {
      template: plan.template,
      amount: String(plan.each),
      total: String(plan.total),
      players: plan.ids.length,
      [plan.within ? 'granted' : 'waiting_for_approval']: done,
      skipped,
    },
    reason: form.reason,
    dedupeKey: `segment.bonus:${form.key}`,
    at: now,
  });
  return { within: plan.within, done, skipped };
};
