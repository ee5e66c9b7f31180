/**
 * A player's bonus and free-spins grants behind the back-office's controls (issue 40, ADR 064): each confirms first,
 * and one over the operator's bonus-grant limit waits for a second operator (free spins count their spins × stake).
 * The approval kind runs the same grant as the approver, from the stored form.
 */
import type { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { invalidParameters } from '../../../platform/http/app-error.ts';
import {
  controlledAction,
  idParam,
  money,
  parseForm,
  type TActor,
  type TApproval,
  type TApprovalKind,
  type TReasonedPlan,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { freespinsGames } from '../../games/index.ts';
import { requirePlayer } from '../../players/index.ts';
import { findBonus, findTemplate } from '../engine.ts';
import { findTemplateById } from '../templates-admin.ts';
import {
  grantPlayerBonus,
  grantPlayerFreespins,
  ZGrantBonusForm,
  ZGrantFreespinsForm,
} from './player-bonuses.ts';

type TBonusForm = z.output<typeof ZGrantBonusForm> & { playerId: number };
type TFreespinsForm = z.output<typeof ZGrantFreespinsForm> & { playerId: number };

const bonusPlan = async (ctx: TAppContext, form: TBonusForm) => {
  const player = await requirePlayer(ctx.db, form.playerId);
  const template = await findTemplate(ctx.db, form.template);
  if (!template) throw invalidParameters({ template: 'wrongField' });
  const amount = form.amount ?? template.amount;
  if (amount === null) throw invalidParameters({ amount: 'requiredField' });
  return {
    action: 'bonus_grant' as const,
    target: { type: 'player', id: player.id },
    playerId: player.id,
    amount,
    currency: player.currency,
    summary: `Grant ${money(amount, player.currency)} bonus “${template.sysname}” to ${player.login}`,
    payload: {
      kind: 'bonus',
      playerId: player.id,
      template: template.sysname,
      amount: form.amount === null ? null : String(form.amount),
      reason: form.reason,
      key: form.key,
    },
    reason: form.reason,
    title: 'Confirm the bonus grant',
    lines: [
      ['Player', `${player.login} (#${player.id})`],
      ['Template', `${template.sysname} (${template.type}, wagering ${template.wagerMultiplier}×)`],
      ['Reason', form.reason],
    ] as [string, string][],
    verb: `Grant ${money(amount, player.currency)}`,
  };
};

const freespinsPlan = async (ctx: TAppContext, form: TFreespinsForm) => {
  const player = await requirePlayer(ctx.db, form.playerId);
  const game = (await freespinsGames(ctx.db)).find((g) => g.sysname === form.game);
  if (!game) throw invalidParameters({ game: 'wrongField' });
  const amount = BigInt(form.count) * form.bet;
  return {
    action: 'bonus_grant' as const,
    target: { type: 'player', id: player.id },
    playerId: player.id,
    amount,
    currency: player.currency,
    summary: `Grant ${form.count} free spins of ${money(form.bet, player.currency)} on ${game.name} to ${player.login}`,
    payload: {
      kind: 'freespins',
      playerId: player.id,
      game: game.sysname,
      count: form.count,
      bet: String(form.bet),
      days: form.days,
      reason: form.reason,
      key: form.key,
    },
    reason: form.reason,
    title: 'Confirm the free spins',
    lines: [
      ['Player', `${player.login} (#${player.id})`],
      ['Slot', game.name],
      [
        'Spins',
        `${form.count} × ${money(form.bet, player.currency)}${form.days ? `, for ${form.days} days` : ''}`,
      ],
      ['Reason', form.reason],
    ] as [string, string][],
    verb: `Grant ${form.count} spins`,
  };
};

/**
 * Cancelling a player's bonus, as its confirmation page says it (ADR 064): an active one is forfeited (the money
 * still on it goes back to the house), a waiting one never starts. One that ended already is refused (notOpen).
 */
export const bonusCancelPlan = async (
  ctx: TAppContext,
  playerId: number,
  bonusId: number,
): Promise<TReasonedPlan> => {
  const player = await requirePlayer(ctx.db, playerId);
  const bonus = await findBonus(ctx.db, bonusId);
  if (bonus?.playerId !== player.id) throw invalidParameters({ bonus_id: 'notFound' });
  if (bonus.status !== 'active' && bonus.status !== 'available')
    throw invalidParameters({ bonus_id: 'notOpen' });
  const template = bonus.templateId === null ? undefined : await findTemplateById(ctx.db, bonus.templateId);
  const name = template?.sysname ?? bonus.source.replaceAll('_', ' ');
  const amount = money(bonus.amount, player.currency);
  const active = bonus.status === 'active';
  return {
    kind: 'bonus_cancel',
    title: 'Confirm the bonus cancellation',
    summary: `Cancel ${player.login}’s ${active ? 'active' : 'waiting'} bonus “${name}” (#${bonus.id})`,
    lines: [
      ['Player', `${player.login} (#${player.id})`],
      ['Bonus', `#${bonus.id} ${name} (${bonus.type}, ${bonus.wagerMultiplier}×)`],
      ['Status', bonus.status],
      ['Granted', amount],
      [
        'Wagered',
        `${money(bonus.wagered, player.currency)} of ${money(bonus.wagerRequirement, player.currency)}`,
      ],
    ],
    consequence: active
      ? 'The bonus is forfeited: the bonus money the player still has goes back to the house, and it cannot be undone.'
      : 'The bonus never starts: the player loses it from the waiting list, and it cannot be undone.',
    verb: `Cancel bonus #${bonus.id}`,
    reasonLabel: 'Reason for the cancellation',
  };
};

/** The grant routes of the player's page (its forms: player-bonuses-panel.ts). */
export const playerBonusGrantsArea: TRouteArea = (admin, kit, ctx) => {
  admin.post('/players/:id/bonuses/grant', async (request, reply) => {
    const playerId = idParam(request);
    return controlledAction(ctx, kit, request, reply, {
      permission: 'bonuses.grant',
      section: 'players',
      back: `/admin/players/${playerId}`,
      ok: 'bonus_granted',
      parse: () => ({ ...parseForm(ZGrantBonusForm, request.body), playerId }),
      plan: (form) => bonusPlan(ctx, form),
      run: (form) => grantPlayerBonus(ctx, kit.actorOf(request), form),
      keyOf: (form) => form.key,
    });
  });
  admin.post('/players/:id/freespins/grant', async (request, reply) => {
    const playerId = idParam(request);
    return controlledAction(ctx, kit, request, reply, {
      permission: 'bonuses.grant',
      section: 'players',
      back: `/admin/players/${playerId}`,
      ok: 'freespins_granted',
      parse: () => ({ ...parseForm(ZGrantFreespinsForm, request.body), playerId }),
      plan: (form) => freespinsPlan(ctx, form),
      run: (form) => grantPlayerFreespins(ctx, kit.actorOf(request), form),
      keyOf: (form) => form.key,
    });
  });
};

const text = (payload: Record<string, unknown>, name: string) => String(payload[name] ?? '');

/** A bonus or free-spins grant approved by a second operator: the grant runs as the approver, once (its key). */
export const bonusGrantApproval: TApprovalKind = {
  action: 'bonus_grant',
  permission: 'bonuses.grant',
  run: async (ctx: TAppContext, actor: TActor, approval: TApproval) => {
    const p = approval.payload;
    const base = { playerId: Number(p.playerId), reason: text(p, 'reason'), key: text(p, 'key') };
    if (p.kind === 'freespins') {
      const packId = await grantPlayerFreespins(ctx, actor, {
        ...base,
        game: text(p, 'game'),
        count: Number(p.count),
        bet: BigInt(text(p, 'bet')),
        days: p.days === null || p.days === undefined ? null : Number(p.days),
      });
      return { pack_id: packId };
    }
    const granted = await grantPlayerBonus(ctx, actor, {
      ...base,
      template: text(p, 'template'),
      amount: p.amount === null || p.amount === undefined ? null : BigInt(text(p, 'amount')),
    });
    return { bonus_id: granted.bonusId, status: granted.status };
  },
};
