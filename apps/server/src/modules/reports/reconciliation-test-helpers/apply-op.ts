/**
 * Test-only (reconciliation.property.test.ts): one operation of a day carried out as the product is used, through
 * the player API, the back-office pages, the signed sportsbook feed or a provider's seamless-wallet calls.
 */
import type { FastifyInstance } from 'fastify';
import { payByCard } from '../../cashier/cashier-test-helpers.ts';
import type { feedClient } from '../../sportsbook/sportsbook-test-helpers.ts';
import { walletService } from '../../wallet/index.ts';
import type { OperatorBrowser } from './operator-browser.ts';
import { DICE, ODDS, SLOT, type TOp } from './ops.ts';
import { EXPECTED_REFUSALS, refusal } from './refusals.ts';
import type { TPlayerRig, TRun } from './run.ts';
import type { TProducts } from './settings.ts';

/** What carrying out an operation takes besides the run: the app, the feed, the operator and the shop. */
export interface TOpRig {
  app: FastifyInstance;
  feed: ReturnType<typeof feedClient>;
  operator: OperatorBrowser;
  products: TProducts;
}

const money = (cents: number) => (cents / 100).toFixed(2);

const deposit = async (rig: TOpRig, run: TRun, p: number, cents: number) => {
  const r = await run.players[p]!.client.post('cashier.makedeposit', {
    method: 'card',
    amount: money(cents),
  });
  if (refusal('deposit', r)) return;
  const location = await payByCard(rig.app, r.data.redirect_url);
  if (!location.startsWith('/cashier/paysuccess/')) throw new Error(`deposit not paid: ${location}`);
};

/** A third party's round on the seamless wallet: a bet, then its win or its rollback. */
const providerRound = async (
  rig: TOpRig,
  run: TRun,
  player: TPlayerRig,
  o: Extract<TOp, { type: 'provider' }>,
) => {
  const ctx = rig.app.ctx;
  const round = `r${run.n}-${run.seq++}`;
  const session = player.provider;
  try {
    await walletService.bet(ctx, {
      session,
      transactionId: `${round}b`,
      roundId: round,
      amount: BigInt(o.bet),
    });
  } catch (error) {
    const code = (error as { code?: string }).code ?? String(error);
    if (EXPECTED_REFUSALS.has(code)) return;
    throw error;
  }
  if (o.rollback)
    await walletService.rollback(ctx, {
      session,
      transactionId: `${round}x`,
      referenceTransactionId: `${round}b`,
    });
  else
    await walletService.win(ctx, {
      session,
      transactionId: `${round}w`,
      roundId: round,
      amount: BigInt(o.win),
    });
};

/** A feed message on market 1 of one of the run's events that names no outcome (a rollback, a cancel). */
const marketMessage = (rig: TOpRig, run: TRun, event: number, type: string) =>
  rig.feed.ok({ type, event_id: run.events[event], markets: [{ id: 1, specifiers: '' }] });

/** The first of the player's bets with a cash-out offer, cashed out at the quoted value. */
const cashout = async (run: TRun, p: number) => {
  const client = run.players[p]!.client;
  for (const bet of run.bets.filter((b) => b.p === p)) {
    const view = (await client.get('sportsbook.getBets', { id: bet.id })).data?.items?.[0];
    if (typeof view?.cashout_value !== 'number') continue;
    refusal(
      'cashout',
      await client.post('sportsbook.cashout', { bet_id: bet.id, amount: view.cashout_value.toFixed(2) }),
    );
    return;
  }
};

/** One of the withdrawals nobody acted on yet (it is acted on now, so it leaves the list). */
const takeWithdrawal = (run: TRun, index: number) =>
  run.withdrawals.splice(index % Math.max(1, run.withdrawals.length), 1)[0];

export const applyOp = async (rig: TOpRig, run: TRun, o: TOp): Promise<void> => {
  const player = 'p' in o ? run.players[o.p]! : undefined;
  const client = player?.client;
  switch (o.type) {
    case 'deposit':
      return deposit(rig, run, o.p, o.cents);
    case 'play':
      refusal(
        'play',
        await client!.post('games.play', {
          sysname: o.game === 'dice' ? DICE : SLOT,
          mode: 'real',
          bet: money(o.cents),
          params: o.game === 'dice' ? JSON.stringify({ target: 5000, over: true }) : '{}',
        }),
      );
      return;
    case 'provider':
      return providerRound(rig, run, player!, o);
    case 'grant':
      await rig.operator.submit(
        `/admin/players/${player!.id}`,
        `/admin/players/${player!.id}/bonuses/grant`,
        {
          template: o.template,
          amount: o.template === 'free_bet' ? '' : money(o.cents),
          reason: 'Reconciliation test goodwill',
        },
        /ok=bonus_granted/,
      );
      return;
    case 'removeBonus':
    case 'activateBonus': {
      const status = o.type === 'removeBonus' ? 'active' : 'available';
      const bonus = (await client!.get('bonuses.get', { statuses: status })).data?.items?.[0];
      const call = o.type === 'removeBonus' ? 'bonuses.remove' : 'bonuses.activate';
      if (bonus) refusal(call, await client!.post(call, { bonus_id: bonus.id }));
      return;
    }
    case 'buy':
      refusal('buy', await client!.post('loyalty.buyproduct', { id: rig.products[o.product] }));
      return;
    case 'join':
      refusal(
        'join',
        await client!.post('tournaments.participate', {
          tournament_id: run.tournaments[o.tournament] ?? 0,
        }),
      );
      return;
    case 'cancelTournament': {
      const id = run.tournaments[1];
      // Cancelled once; a second time says so and moves nothing.
      await rig.operator.submit(
        `/admin/competitions/tournaments/${id}`,
        `/admin/competitions/tournaments/${id}/cancel`,
        { reason: 'Game supplier outage' },
        /ok=tournament_cancelled|error=/,
      );
      return;
    }
    case 'sportsBet': {
      const r = await client!.post('sportsbook.placeBet', {
        selections: JSON.stringify([
          {
            event_id: run.events[o.event],
            market_id: 1,
            specifiers: '',
            outcome_id: String(o.outcome + 1),
            odds: ODDS[o.outcome],
          },
        ]),
        type: 'single',
        stake: money(o.cents),
        system_size: '',
        bet_uuid: `recon-${run.n}-${run.seq++}`,
      });
      if (refusal('bet', r)) return;
      for (const bet of r.data.bets as { id: number }[]) run.bets.push({ p: o.p, id: bet.id });
      return;
    }
    case 'settle':
      await rig.feed.settle1x2(
        run.events[o.event]!,
        String(o.winner + 1),
        o.voided ? { [o.winner + 1]: { void_factor: 1 } } : {},
      );
      return;
    case 'unsettle':
      await marketMessage(rig, run, o.event, 'rollback_bet_settlement');
      return;
    case 'cancelMarket':
      await marketMessage(rig, run, o.event, 'bet_cancel');
      return;
    case 'cashout':
      return cashout(run, o.p);
    case 'adjust':
      // A debit beyond the balance is refused by the ledger (an amount error): nothing moves.
      await rig.operator.submit(
        `/admin/players/${player!.id}`,
        `/admin/players/${player!.id}/adjust`,
        {
          direction: o.credit ? 'credit' : 'debit',
          account: o.account,
          amount: money(o.cents),
          reason: 'Reconciliation test correction',
        },
        /ok=adjusted|error=amount/,
      );
      return;
    case 'withdraw': {
      const r = await client!.post('cashier.makewithdrawal', {
        method: 'card',
        amount: money(o.cents),
        'requisites[card_holder]': 'Jane Doe',
        'requisites[card_number]': '4111 1111 1111 1111',
        ...(o.burn ? { burn_bonuses: '1' } : {}),
      });
      if (!refusal('withdraw', r)) run.withdrawals.push({ p: o.p, id: r.data.transaction_id });
      return;
    }
    case 'withdrawAll': {
      const main = (await client!.get('account.getBalance')).data?.balance?.amount ?? 0;
      const cents = Math.round(main * 100);
      if (cents >= 2_000) await applyOp(rig, run, { type: 'withdraw', p: o.p, cents, burn: true });
      return;
    }
    case 'review': {
      const w = takeWithdrawal(run, o.index);
      if (w)
        await rig.operator.submit(
          '/admin/withdrawals',
          `/admin/withdrawals/${w.id}/${o.approve ? 'approve' : 'decline'}`,
          o.approve ? {} : { reason: 'Card holder does not match' },
          o.approve ? /ok=approved/ : /ok=declined/,
        );
      return;
    }
    case 'cancelWithdrawal': {
      const w = takeWithdrawal(run, o.index);
      if (w)
        refusal(
          'cancel withdrawal',
          await run.players[w.p]!.client.post('cashier.cancelwithdrawal', { transaction_id: w.id }),
        );
      return;
    }
  }
};
