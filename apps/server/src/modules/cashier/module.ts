/** The cashier module: the cashier calls of spec §7 and the deposit limit of the profile page. */
import {
  ZCancelDeposit,
  ZCancelWithdrawal,
  ZGetBanks,
  ZGetDepositInfo,
  ZGetDepositSettings,
  ZGetHistory,
  ZGetWithdrawSettings,
  ZMakeDeposit,
  ZMakeWithdrawal,
  ZSetDepositLimit,
} from '@casino/contracts/calls/cashier';
import type { FastifyRequest } from 'fastify';
import type { TModule } from '../../platform/context.ts';
import { notAuthorized } from '../../platform/http/app-error.ts';
import { getBalances } from '../ledger/index.ts';
import { findPaymentProvider, registerPaymentEventHandler } from '../payments/index.ts';
import { methodView, siteAmountBounds, withSiteBounds } from './amount.ts';
import { cancelDeposit } from './cancel-deposit.ts';
import { getDepositLimit, setDepositLimit } from './deposit-limit.ts';
import { scheduleDepositExpiry } from './expire-deposits.ts';
import { getDepositRecord, getHistory } from './history.ts';
import { makeDeposit } from './make-deposit.ts';
import { hasConfirmedContact, makeWithdrawal, withdrawnWithin } from './make-withdrawal.ts';
import { cancelWithdrawal } from './review-withdrawal.ts';
import { AMOUNT_PRESETS, BANKS, kycThreshold, PAYMENT_METHODS, WITHDRAWAL_RULES } from './settings.ts';
import { settleDeposit } from './settle-deposit.ts';
import { previewWithdrawalChecks } from './withdrawal-checks.ts';

const playerOf = (request: FastifyRequest) => {
  if (!request.player) throw notAuthorized();
  return request.player;
};

const major = (cents: bigint) => Number(cents) / 100;

export const cashierModule: TModule = {
  name: 'cashier',
  register(_app, ctx) {
    const { api, db } = ctx;
    const now = () => ctx.providers.clock.now();
    // The providers' webhooks (payments, below the cashier) settle deposits here.
    registerPaymentEventHandler(ctx, settleDeposit);

    api.handle(ZGetDepositSettings, async (_params, request) => {
      const player = playerOf(request);
      const bounds = await siteAmountBounds(db);
      return {
        methods: PAYMENT_METHODS.filter((m) => findPaymentProvider(ctx, m.provider)).map((m) =>
          methodView(withSiteBounds(m, bounds), 'deposit', player.currency),
        ),
        amount_presets: AMOUNT_PRESETS,
        currency: player.currency,
        deposit_limit: await getDepositLimit(db, player.id, now()),
      };
    });
    api.handle(ZGetDepositInfo, async (_params, request) => {
      const player = playerOf(request);
      return {
        ...(await getDepositRecord(db, player.id)),
        currency: player.currency,
        deposit_limit: await getDepositLimit(db, player.id, now()),
      };
    });
    api.handle(ZGetBanks, () => ({ items: BANKS }));
    api.handle(ZGetWithdrawSettings, async (_params, request) => {
      const player = playerOf(request);
      const [balances, today, week, confirmed, stake, bounds] = await Promise.all([
        getBalances(db, player.id),
        withdrawnWithin(db, player.id, 1, now()),
        withdrawnWithin(db, player.id, 7, now()),
        hasConfirmedContact(db, player.id),
        previewWithdrawalChecks(db, player.id),
        siteAmountBounds(db),
      ]);
      const left = (limit: bigint, used: bigint) => major(limit > used ? limit - used : 0n);
      return {
        methods: PAYMENT_METHODS.map((m) =>
          methodView(withSiteBounds(m, bounds), 'withdrawal', player.currency),
        ),
        available_amount: major(balances.main),
        currency: player.currency,
        limits: {
          per_day: major(WITHDRAWAL_RULES.perDay),
          per_week: major(WITHDRAWAL_RULES.perWeek),
          available_today: left(WITHDRAWAL_RULES.perDay, today),
          available_this_week: left(WITHDRAWAL_RULES.perWeek, week),
        },
        kyc_threshold: major(kycThreshold(ctx.config)),
        is_verified: player.isVerified,
        has_confirmed_contact: confirmed,
        bonus_at_stake: { active: major(stake.bonusActive), held: major(stake.bonusHeld) },
      };
    });
    api.handle(ZMakeDeposit, (params, request) => makeDeposit(ctx, playerOf(request), params));
    api.handle(ZMakeWithdrawal, (params, request) => makeWithdrawal(ctx, playerOf(request), params));
    api.handle(ZCancelWithdrawal, async (params, request) => {
      const resolved = await cancelWithdrawal(ctx, playerOf(request).id, params.transaction_id);
      return {
        transaction_id: params.transaction_id,
        status: resolved.status,
        bonus_returned: major(resolved.bonusReturned),
      };
    });
    api.handle(ZCancelDeposit, async (params, request) => ({
      transaction_id: params.transaction_id,
      status: await cancelDeposit(ctx, playerOf(request).id, params.transaction_id),
    }));
    api.handle(ZGetHistory, (params, request) => getHistory(db, playerOf(request).id, params));
    api.handle(ZSetDepositLimit, (params, request) =>
      setDepositLimit(db, playerOf(request).id, params, now()),
    );
    scheduleDepositExpiry(ctx);
  },
};
