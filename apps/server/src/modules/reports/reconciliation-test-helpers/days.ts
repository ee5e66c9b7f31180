/**
 * Test-only (reconciliation.property.test.ts): a run's days, each a tour that makes every kind of movement happen
 * with a few random operations slipped in.
 */
import fc from 'fast-check';
import { EVENTS, opArb, type TOp } from './ops.ts';

export const DAY_MS = 86_400_000;

/**
 * Each day's tour: operations in an order that makes every kind of movement happen at least once a run (a bonus
 * wagered to conversion, a bet settled then rolled back, a cash-out, a void, withdrawals paid, declined and
 * cancelled, a tournament closed with prizes and one cancelled with refunds…), with random players and amounts.
 */
const toursArb = fc
  .record({
    players: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }),
    winners: fc.array(fc.nat(2), { minLength: EVENTS, maxLength: EVENTS }),
    stakes: fc.array(fc.integer({ min: 100, max: 2_500 }), { minLength: 3, maxLength: 3 }),
    dice: fc.array(fc.integer({ min: 500, max: 2_500 }), { minLength: 3, maxLength: 3 }),
    bonus: fc.integer({ min: 100, max: 500 }),
    gift: fc.integer({ min: 200, max: 1_500 }),
    provider: fc.record({ bet: fc.integer({ min: 10, max: 2_000 }), win: fc.nat(3_000) }),
    withdrawals: fc.array(fc.integer({ min: 2_000, max: 4_000 }), { minLength: 3, maxLength: 3 }),
    adjustments: fc.array(fc.integer({ min: 1, max: 1_500 }), { minLength: 3, maxLength: 3 }),
    deposit: fc.integer({ min: 1_000, max: 30_000 }),
  })
  .map((r): TOp[][] => {
    const [a = 0, b = 1, c = 2] = r.players;
    const [w0 = 0, w1 = 0, w2 = 0, w3 = 0] = r.winners;
    const [s0 = 100, s1 = 100, s2 = 100] = r.stakes;
    return [
      [
        { type: 'join', p: a, tournament: 0 },
        { type: 'join', p: b, tournament: 0 },
        { type: 'join', p: c, tournament: 1 },
        { type: 'play', p: a, game: 'dice', cents: r.dice[0] ?? 500 },
        { type: 'play', p: b, game: 'dice', cents: r.dice[1] ?? 500 },
        { type: 'sportsBet', p: a, event: 0, outcome: w0, cents: s0 },
        { type: 'sportsBet', p: b, event: 1, outcome: w1, cents: s1 },
        { type: 'sportsBet', p: c, event: 2, outcome: w2, cents: s2 },
        { type: 'grant', p: a, template: 'cashback_bonus', cents: r.bonus },
        { type: 'play', p: a, game: 'slot', cents: r.bonus + 100 },
        { type: 'provider', p: b, bet: r.provider.bet, win: r.provider.win, rollback: true },
        { type: 'adjust', p: c, credit: true, account: 'main', cents: r.adjustments[0] ?? 1 },
        // Kept overnight: betting bonus money in the balances at the day's end.
        { type: 'grant', p: c, template: 'free_bet', cents: 0 },
      ],
      [
        { type: 'settle', event: 0, winner: w0, voided: false },
        { type: 'cashout', p: b },
        { type: 'settle', event: 2, winner: w2, voided: true },
        { type: 'grant', p: c, template: 'operator_gift', cents: r.gift },
        { type: 'activateBonus', p: c },
        { type: 'removeBonus', p: c },
        { type: 'buy', p: a, product: 'cash' },
        { type: 'play', p: b, game: 'dice', cents: r.dice[2] ?? 500 },
        { type: 'buy', p: b, product: 'bonus' },
        { type: 'cancelTournament' },
        { type: 'adjust', p: a, credit: false, account: 'main', cents: r.adjustments[1] ?? 1 },
        ...[a, b, c].map(
          (p, i): TOp => ({ type: 'withdraw', p, cents: r.withdrawals[i] ?? 2_000, burn: true }),
        ),
        { type: 'withdrawAll', p: a },
        // With no real money left, the free bet stakes its bonus (and wins: event 3 is settled its way).
        { type: 'grant', p: a, template: 'free_bet', cents: 0 },
        { type: 'sportsBet', p: a, event: 3, outcome: w3, cents: 500 },
      ],
      [
        { type: 'settle', event: 3, winner: w3, voided: false },
        // Event 0's winning bet was a's, whose main balance is gone: the payout taken back leaves a debt.
        { type: 'unsettle', event: 0 },
        { type: 'cancelMarket', event: 1 },
        { type: 'review', index: 0, approve: true },
        { type: 'review', index: 0, approve: false },
        { type: 'cancelWithdrawal', index: 0 },
        { type: 'deposit', p: a, cents: r.deposit },
        { type: 'adjust', p: b, credit: true, account: 'bonus', cents: r.adjustments[2] ?? 1 },
      ],
    ];
  });

/** A day: its tour, with random operations slipped in at random places. */
const withExtras = (tour: TOp[], extras: { op: TOp; at: number }[]) => {
  const keyed = [...tour.map((op, i) => ({ op, at: ((i + 0.5) * 1_000) / tour.length })), ...extras];
  return keyed.sort((x, y) => x.at - y.at).map((k) => k.op);
};

/** A run: three days, each its tour and a few random operations. */
export const DAYS = 3;
export const daysArb = fc
  .tuple(
    toursArb,
    fc.array(fc.array(fc.record({ op: opArb, at: fc.nat(1_000) }), { maxLength: 5 }), {
      minLength: DAYS,
      maxLength: DAYS,
    }),
  )
  .map(([tours, extras]) => tours.map((tour, d) => withExtras(tour, extras[d] ?? [])));
