/**
 * The bonus engine (one for casino and betting bonuses): templates seeded from content/bonuses, the calls
 * bonuses.* and BettingBonuses.*, the withdrawal forfeit, and the expiry on the jobs queue. Other modules grant
 * bonuses with engine.ts's grantBonus; the wallet's bet moves bonus money (sql/functions/wallet); a betting bonus's
 * wagering and free bets are counted when a sportsbook bet settles (betting-settlement.ts).
 */
import type { TParsedParams } from '@casino/contracts';
import type { TActiveBonusChoice, TBonusType } from '@casino/contracts/calls/bonuses';
import {
  ZBettingBonusesActivate,
  ZBettingBonusesGet,
  ZBettingBonusesRemove,
  ZBonusesActivate,
  ZBonusesDeactivate,
  ZBonusesGet,
  ZBonusesRemove,
} from '@casino/contracts/calls/bonuses';
import type { FastifyRequest } from 'fastify';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { AppError, invalidParameters } from '../../platform/http/app-error.ts';
import { registerWithdrawalCheck } from '../cashier/index.ts';
import { FREESPINS_WINNINGS_TEMPLATE, registerFreespinsWinningsGrant } from '../games/index.ts';
import { publishBalances } from '../ledger/index.ts';
import { bettingBonusSettlement } from './betting-settlement.ts';
import { readTemplatesContent } from './content.ts';
import {
  activateBonus,
  BonusError,
  deactivateBonus,
  expireDueBonuses,
  grantBonus,
  removeBonus,
} from './engine.ts';
import { seedTemplates } from './seed-templates.ts';
import { bonusItem, listBonuses } from './views.ts';
import { bonusWithdrawalCheck } from './withdrawal-forfeit.ts';

export const EXPIRE_JOB = 'bonuses.expire';

const playerOf = (request: FastifyRequest) => {
  if (!request.player) throw new AppError('AuthorizationException');
  return request.player;
};

type TAction = (
  db: TAppContext['db'],
  input: { playerId: number; bonusId: number; type: TBonusType; now: Date },
) => Promise<unknown>;

/** Activation now, doing what the player chose to the bonus active before (paused, or given up). */
const activateReplacing =
  (active: TActiveBonusChoice): TAction =>
  (db, input) =>
    activateBonus(db, { ...input, active });

/** A player's action on one of their bonuses, answered with the bonus as it is after it. */
const act = async (
  ctx: TAppContext,
  request: FastifyRequest,
  action: TAction,
  bonusId: number,
  type: TBonusType,
) => {
  const player = playerOf(request);
  let outcome: unknown;
  try {
    outcome = await action(ctx.db, { playerId: player.id, bonusId, type, now: ctx.providers.clock.now() });
  } catch (error) {
    if (error instanceof BonusError) throw invalidParameters({ bonus_id: error.code });
    throw error;
  }
  // An activation that found the bonus expired committed the expiry; the player hears why nothing else happened.
  if (outcome === 'expired') throw invalidParameters({ bonus_id: 'bonusExpired' });
  await publishBalances(ctx.db, ctx.bus, [player.id]);
  return bonusItem(ctx.db, bonusId, request.locale, player.currency);
};

const list = (
  ctx: TAppContext,
  request: FastifyRequest,
  type: TBonusType,
  params: TParsedParams<typeof ZBonusesGet>,
) => {
  const player = playerOf(request);
  return listBonuses(ctx.db, {
    ...params,
    playerId: player.id,
    type,
    locale: request.locale,
    currency: player.currency,
  });
};

export const bonusesModule: TModule = {
  name: 'bonuses',
  register(_app, ctx) {
    const { api } = ctx;
    api.handle(ZBonusesGet, (params, request) => list(ctx, request, 'casino', params));
    api.handle(ZBettingBonusesGet, (params, request) => list(ctx, request, 'betting', params));
    api.handle(ZBonusesActivate, (p, request) =>
      act(ctx, request, activateReplacing(p.active_bonus), p.bonus_id, 'casino'),
    );
    api.handle(ZBonusesDeactivate, (p, request) => act(ctx, request, deactivateBonus, p.bonus_id, 'casino'));
    api.handle(ZBonusesRemove, (p, request) => act(ctx, request, removeBonus, p.bonus_id, 'casino'));
    api.handle(ZBettingBonusesActivate, (p, request) =>
      act(ctx, request, activateReplacing(p.active_bonus), p.bonus_id, 'betting'),
    );
    api.handle(ZBettingBonusesRemove, (p, request) => act(ctx, request, removeBonus, p.bonus_id, 'betting'));

    registerWithdrawalCheck('bonuses', bonusWithdrawalCheck);
    ctx.bets.settlements.register(bettingBonusSettlement);
    registerFreespinsWinningsGrant(ctx, (db, winnings) =>
      grantBonus(db, {
        playerId: winnings.playerId,
        template: FREESPINS_WINNINGS_TEMPLATE,
        amount: winnings.amount,
        source: 'freespins',
        sourceRef: winnings.roundId,
        grantKey: `freespins:${winnings.roundId}`,
        now: winnings.now,
      }),
    );

    ctx.jobs.define(EXPIRE_JOB, async () => {
      const players = await expireDueBonuses(ctx.db, ctx.providers.clock.now());
      await publishBalances(ctx.db, ctx.bus, players);
    });
    ctx.jobs.every(EXPIRE_JOB, 60_000, () =>
      ctx.jobs.enqueue(
        EXPIRE_JOB,
        {},
        { singletonKey: `${EXPIRE_JOB}:${ctx.providers.clock.now().toISOString().slice(0, 16)}` },
      ),
    );
  },
  async seed(ctx) {
    await seedTemplates(ctx.db, readTemplatesContent(ctx.contentDir));
  },
};
