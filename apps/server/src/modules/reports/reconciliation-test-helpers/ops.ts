/**
 * Test-only (reconciliation.property.test.ts): the operations a reconciliation run is made of, one for every way
 * players, the operator and the sportsbook feed move money, and the random operation slipped into a day.
 */
import fc from 'fast-check';

export const DICE = 'sparkrush_dice_duel';
export const SLOT = 'copperfox_cherry_flare';
export const PLAYERS = 3;
export const EVENTS = 4;
export const ODDS: [number, number, number] = [1.8, 3.4, 4.6];

export type TOp =
  | { type: 'deposit'; p: number; cents: number }
  | { type: 'play'; p: number; game: 'dice' | 'slot'; cents: number }
  | { type: 'provider'; p: number; bet: number; win: number; rollback: boolean }
  | { type: 'grant'; p: number; template: 'cashback_bonus' | 'operator_gift' | 'free_bet'; cents: number }
  | { type: 'removeBonus'; p: number }
  | { type: 'activateBonus'; p: number }
  | { type: 'buy'; p: number; product: 'cash' | 'bonus' }
  | { type: 'join'; p: number; tournament: 0 | 1 }
  | { type: 'cancelTournament' }
  | { type: 'sportsBet'; p: number; event: number; outcome: number; cents: number }
  | { type: 'settle'; event: number; winner: number; voided: boolean }
  | { type: 'unsettle'; event: number }
  | { type: 'cancelMarket'; event: number }
  | { type: 'cashout'; p: number }
  | { type: 'adjust'; p: number; credit: boolean; account: 'main' | 'bonus'; cents: number }
  | { type: 'withdraw'; p: number; cents: number; burn: boolean }
  /** The whole main balance, so that a payout rolled back later leaves a debt. */
  | { type: 'withdrawAll'; p: number }
  | { type: 'review'; index: number; approve: boolean }
  | { type: 'cancelWithdrawal'; index: number };

const p = fc.nat(PLAYERS - 1);
const event = fc.nat(EVENTS - 1);
const op = <T extends TOp>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });
export const opArb: fc.Arbitrary<TOp> = fc.oneof(
  op(3, fc.record({ type: fc.constant('deposit'), p, cents: fc.integer({ min: 1_000, max: 30_000 }) })),
  op(
    6,
    fc.record({
      type: fc.constant('play'),
      p,
      game: fc.constantFrom('dice', 'slot'),
      cents: fc.integer({ min: 20, max: 2_500 }),
    }),
  ),
  op(
    2,
    fc.record({
      type: fc.constant('provider'),
      p,
      bet: fc.integer({ min: 10, max: 2_000 }),
      win: fc.integer({ min: 0, max: 3_000 }),
      rollback: fc.boolean(),
    }),
  ),
  op(
    2,
    fc.record({
      type: fc.constant('grant'),
      p,
      template: fc.constantFrom('cashback_bonus', 'operator_gift', 'free_bet'),
      cents: fc.integer({ min: 100, max: 1_500 }),
    }),
  ),
  op(1, fc.record({ type: fc.constant('removeBonus'), p })),
  op(1, fc.record({ type: fc.constant('activateBonus'), p })),
  op(2, fc.record({ type: fc.constant('buy'), p, product: fc.constantFrom('cash', 'bonus') })),
  op(2, fc.record({ type: fc.constant('join'), p, tournament: fc.constantFrom<0 | 1>(0, 1) })),
  op(1, fc.record({ type: fc.constant('cancelTournament') })),
  op(
    3,
    fc.record({
      type: fc.constant('sportsBet'),
      p,
      event,
      outcome: fc.nat(2),
      cents: fc.integer({ min: 100, max: 3_000 }),
    }),
  ),
  op(2, fc.record({ type: fc.constant('settle'), event, winner: fc.nat(2), voided: fc.boolean() })),
  op(1, fc.record({ type: fc.constant('unsettle'), event })),
  op(1, fc.record({ type: fc.constant('cancelMarket'), event })),
  op(1, fc.record({ type: fc.constant('cashout'), p })),
  op(
    1,
    fc.record({
      type: fc.constant('adjust'),
      p,
      credit: fc.boolean(),
      account: fc.constantFrom('main', 'bonus'),
      cents: fc.integer({ min: 1, max: 2_000 }),
    }),
  ),
  op(
    2,
    fc.record({
      type: fc.constant('withdraw'),
      p,
      cents: fc.integer({ min: 2_000, max: 8_000 }),
      burn: fc.boolean(),
    }),
  ),
  op(2, fc.record({ type: fc.constant('review'), index: fc.nat(3), approve: fc.boolean() })),
  op(1, fc.record({ type: fc.constant('cancelWithdrawal'), index: fc.nat(3) })),
);
