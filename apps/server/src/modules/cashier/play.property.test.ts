/**
 * Property: random sequences of games.play rounds (dice, a slot, mines with reveals and cash-outs; real and demo),
 * a third party's seamless-wallet bets, wins and rollbacks (repeated ids, a rollback before its bet, a rollback of
 * a bet after its win), deposits and withdrawals (with and without burn_bonuses), for a player with an active
 * deposit bonus. After every step: the ledger audit is clean, every balance equals a simple model's (real money
 * first, then bonus; a win in the proportion of its round's stakes; a withdrawal holds the bonus only with the
 * player's consent, its payout forfeits it and the cancel of the last withdrawal holding it gives it back), a
 * registered consequence saw each wallet transaction exactly once, and the bonus's wagering
 * progress equals the model's (slots 100 %, other kinds 10 %, real mode only, a rollback takes its bet's share
 * back). The bonus engine's own property test is modules/bonuses/bonus.property.test.ts.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { betLogDifferences, installBetLog, wageredOf, wageringShare } from '../bets/bets-test-helpers.ts';
import { cents, type TClient } from '../games/play/test-helpers.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { queryRows } from '../ledger/sql.ts';
import { loyaltyRewardsInPointsOnly } from '../loyalty/test-helpers.ts';
import { SANDBOX } from '../payments/sandbox-provider.ts';
import type { TPlayer } from '../players/schema.ts';
import { findPlayerById } from '../players/service.ts';
import { DEMO_FUNDS } from '../wallet/sessions.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { depositedClient } from './cashier-test-helpers.ts';
import { makeDeposit } from './make-deposit.ts';
import { makeWithdrawal } from './make-withdrawal.ts';
import { approveWithdrawal, cancelWithdrawal } from './review-withdrawal.ts';
import { settleDeposit } from './settle-deposit.ts';

/** Fixed, so a failure replays; fast-check prints the seed and the shrunk path of a failing run. */
const SEED = 20_261_121;
const RUNS = 25;
const WELCOME_OFFER = 1;
const STARTING_DEPOSIT = 10_000n;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'play-property' });
  await installBetLog(t.app);
  await loyaltyRewardsInPointsOnly(t.app.ctx.db);
}, 60_000);
afterAll(() => t.close());

type TMode = 'real' | 'demo';
const GAMES = {
  dice: { sysname: 'sparkrush_dice_duel', kind: 'fast', params: { target: 5000, over: true } },
  slot: { sysname: 'copperfox_cherry_flare', kind: 'slot', params: {} },
} as const;
const MINES = { sysname: 'sparkrush_minefield', kind: 'fast' } as const;
/**
 * The third party's sessions: transaction ids `…i` go through session i % 3 (a provider keeps to one; a rollback
 * through another session is wallet/rollback-session.test.ts). Each run's player has a provider of their own,
 * since transaction ids are unique per provider.
 */
const SESSIONS = [
  { game: 'copperfox_cherry_flare', kind: 'slot', mode: 'real' },
  { game: 'acme_space_slot', kind: 'unknown', mode: 'real' },
  { game: 'copperfox_cherry_flare', kind: 'slot', mode: 'demo' },
] as const;

type TOp =
  | { type: 'play'; game: keyof typeof GAMES; mode: TMode; cents: number }
  | { type: 'mines'; mode: TMode; cents: number; mines: number }
  | { type: 'reveal'; mode: TMode; tile: number }
  | { type: 'cashout'; mode: TMode }
  | { type: 'bet'; tx: number; cents: number }
  | { type: 'win'; tx: number; cents: number }
  | { type: 'rollback'; tx: number; ref: number }
  | { type: 'deposit'; cents: number }
  | { type: 'withdraw'; cents: number; burn: boolean }
  | { type: 'cancel'; index: number }
  | { type: 'approve'; index: number };

const mode = fc.constantFrom<TMode>('real', 'demo');
const ops: fc.Arbitrary<TOp> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('play' as const),
      game: fc.constantFrom<keyof typeof GAMES>('dice', 'slot'),
      mode,
      cents: fc.integer({ min: 10, max: 5_000 }), // the slot takes at most 50.00
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('mines' as const),
      mode,
      cents: fc.integer({ min: 10, max: 4_000 }),
      mines: fc.integer({ min: 1, max: 6 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('reveal' as const), mode, tile: fc.nat(24) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cashout' as const), mode }) },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('bet' as const),
      tx: fc.nat(3),
      cents: fc.integer({ min: 0, max: 8_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('win' as const),
      tx: fc.nat(3),
      cents: fc.integer({ min: 0, max: 8_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ type: fc.constant('rollback' as const), tx: fc.nat(3), ref: fc.nat(3) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      cents: fc.integer({ min: 2_000, max: 20_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('withdraw' as const),
      cents: fc.integer({ min: 2_000, max: 15_000 }),
      burn: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('cancel' as const), index: fc.nat(2) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('approve' as const), index: fc.nat(2) }) },
);

/** 'ok', or the refusal's code (wallet) or type (API, cashier). */
const outcome = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; type?: string };
    return e.code ?? e.type ?? String(error);
  }
};

/** A real stake's sources, as the wallet split it (modules/bonuses: real money first, then bonus). */
interface TStake {
  amount: bigint;
  fromBonus: bigint;
  wagered: bigint;
}

/** What the player should have, and what the third party's calls did so far. */
class Model {
  readonly balance: Record<TMode, bigint> = { real: STARTING_DEPOSIT, demo: DEMO_FUNDS };
  bonus = 0n;
  /**
   * The welcome bonus: active until its wagering is met (converted); held while withdrawals that cost it wait (its
   * money in `stash`), forfeited when one of them is paid, active again when the last of them is cancelled.
   */
  bonusStatus: 'active' | 'held' | 'completed' | 'forfeited' = 'active';
  stash = 0n;
  /** The pending withdrawals holding the bonus. */
  readonly holds = new Set<string>();
  requirement = 0n;
  wagered = 0n;
  readonly bets = new Map<string, { amount: bigint; rolledBack: boolean; stake: TStake }>();
  readonly wins = new Map<string, bigint>();
  readonly rollbacks = new Map<string, string>();
  /** Bets rolled back before they arrived. */
  readonly marks = new Set<string>();
  readonly rounds = new Map<
    string,
    { status: 'open' | 'closed' | 'rolled_back'; bets: bigint; bonusBets: bigint; wins: bigint }
  >();
  /** The open mines round per mode, and its stake's sources. */
  readonly mines = new Map<TMode, { roundId: string; revealed: number[]; stake: TStake }>();
  readonly withdrawals: { id: string; amount: bigint; status: 'pending' | 'cancelled' | 'success' }[] = [];

  /** What a stake in this mode can draw on. */
  spendable(mode: TMode) {
    return this.balance[mode] + (mode === 'real' && this.bonusStatus === 'active' ? this.bonus : 0n);
  }

  /** Takes a stake the wallet accepted; answers its sources. Meeting the requirement converts the bonus. */
  stake(mode: TMode, amount: bigint, gameKind: string): TStake {
    if (mode === 'demo' || this.bonusStatus !== 'active') {
      this.balance[mode] -= amount;
      return { amount, fromBonus: 0n, wagered: 0n };
    }
    const fromBonus = amount > this.balance.real ? amount - this.balance.real : 0n;
    this.balance.real -= amount - fromBonus;
    this.bonus -= fromBonus;
    const wagered = wageringShare(amount, gameKind);
    this.wagered += wagered;
    if (this.wagered >= this.requirement) {
      this.balance.real += this.bonus;
      this.bonus = 0n;
      this.bonusStatus = 'completed';
    }
    return { amount, fromBonus, wagered };
  }

  /** Money coming back from a round: `share` of it is the bonus's, which follows the bonus wherever it went. */
  credit(mode: TMode, amount: bigint, share: bigint) {
    this.balance[mode] += amount - share;
    if (this.bonusStatus === 'active') this.bonus += share;
    else if (this.bonusStatus === 'held') this.stash += share;
    else if (this.bonusStatus === 'completed') this.balance.real += share;
  }

  /** A win's bonus share: the proportion of the round's stakes, the real part rounded down. */
  static shareOf(win: bigint, bets: bigint, bonusBets: bigint) {
    return bonusBets > 0n && bets > 0n ? win - (win * (bets - bonusBets)) / bets : 0n;
  }
}

interface TRun {
  player: TPlayer;
  client: TClient;
  sessions: string[];
  model: Model;
}

const play = (run: TRun, sysname: string, mode: TMode, form: Record<string, string>) =>
  run.client.post('games.play', { sysname, mode, ...form });

/**
 * A new round's answer: refused for want of money, or taken with the stake and credited with the win. Answers the
 * stake's sources (null when refused). The balance a round answers is what the player can stake.
 */
const expectRound = (
  run: TRun,
  r: Awaited<ReturnType<TClient['post']>>,
  mode: TMode,
  stake: bigint,
  kind: string,
): TStake | null => {
  const { model } = run;
  if (stake > model.spendable(mode)) {
    expect(r.error?.type, 'a stake above the balance').toBe('UserNeedDepositException');
    return null;
  }
  expect(r.error).toBeNull();
  const taken = model.stake(mode, stake, kind);
  if (r.data.status === 'finished') {
    const won = cents(r.data.win);
    model.credit(mode, won, Model.shareOf(won, stake, taken.fromBonus));
  }
  expect(cents(r.data.balance), 'the balance answered').toBe(model.spendable(mode));
  return taken;
};

/** The end of an open mines round: its win credited in the proportion of its stake. */
const finishMines = (run: TRun, mode: TMode, won: bigint) => {
  const open = run.model.mines.get(mode);
  if (!open) return;
  run.model.mines.delete(mode);
  run.model.credit(mode, won, Model.shareOf(won, open.stake.amount, open.stake.fromBonus));
};

const steps: { [K in TOp['type']]: (run: TRun, op: Extract<TOp, { type: K }>) => Promise<void> } = {
  async play(run, op) {
    const game = GAMES[op.game];
    const stake = BigInt(op.cents);
    const r = await play(run, game.sysname, op.mode, {
      bet: (op.cents / 100).toFixed(2),
      params: JSON.stringify(game.params),
    });
    if (expectRound(run, r, op.mode, stake, game.kind)) expect(r.data.status).toBe('finished');
  },

  async mines(run, op) {
    const open = run.model.mines.get(op.mode);
    const r = await play(run, MINES.sysname, op.mode, {
      bet: (op.cents / 100).toFixed(2),
      params: JSON.stringify({ mines: op.mines }),
    });
    if (open) {
      // A multi-step game resumes the open round: nothing moves.
      expect(r.error).toBeNull();
      expect([r.data.round_id, r.data.resumed]).toEqual([open.roundId, true]);
      return;
    }
    const taken = expectRound(run, r, op.mode, BigInt(op.cents), MINES.kind);
    if (taken) {
      expect(r.data.status).toBe('open');
      run.model.mines.set(op.mode, { roundId: r.data.round_id, revealed: [], stake: taken });
    }
  },

  async reveal(run, op) {
    const open = run.model.mines.get(op.mode);
    if (!open) return;
    let tile = op.tile;
    while (open.revealed.includes(tile)) tile = (tile + 1) % 25;
    const r = await play(run, MINES.sysname, op.mode, {
      round_id: open.roundId,
      params: JSON.stringify({ type: 'reveal', tile }),
    });
    expect(r.error).toBeNull();
    if (r.data.status === 'finished') finishMines(run, op.mode, cents(r.data.win));
    else open.revealed.push(tile);
    expect(cents(r.data.balance)).toBe(run.model.spendable(op.mode));
  },

  async cashout(run, op) {
    const open = run.model.mines.get(op.mode);
    if (!open) return;
    const r = await play(run, MINES.sysname, op.mode, {
      round_id: open.roundId,
      params: JSON.stringify({ type: 'cashout' }),
    });
    if (open.revealed.length === 0) {
      expect(r.error?.type, 'a cash-out before any tile').toBe('InvalidParameterException');
      return;
    }
    expect(r.error).toBeNull();
    expect(r.data.status).toBe('finished');
    finishMines(run, op.mode, cents(r.data.win));
    expect(cents(r.data.balance)).toBe(run.model.spendable(op.mode));
  },

  async bet(run, op) {
    const { model } = run;
    const [id, roundId, session] = [`b${op.tx}`, `r${op.tx}`, SESSIONS[op.tx % 3]!];
    const amount = BigInt(op.cents);
    const got = await outcome(() =>
      walletService.bet(t.app.ctx, { session: run.sessions[op.tx % 3]!, transactionId: id, roundId, amount }),
    );
    const known = model.bets.get(id);
    const round = model.rounds.get(roundId);
    const expected = known
      ? known.amount === amount
        ? 'ok'
        : 'TRANSACTION_MISMATCH'
      : model.marks.has(id)
        ? 'TRANSACTION_ROLLED_BACK'
        : round && round.status !== 'open'
          ? 'ROUND_CLOSED'
          : amount > model.spendable(session.mode)
            ? 'INSUFFICIENT_FUNDS'
            : 'ok';
    expect(got, `bet ${id}`).toBe(expected);
    if (known || expected !== 'ok') return;
    const stake = model.stake(session.mode, amount, session.kind);
    model.bets.set(id, { amount, rolledBack: false, stake });
    const entry = round ?? { status: 'open' as const, bets: 0n, bonusBets: 0n, wins: 0n };
    entry.bets += amount;
    entry.bonusBets += stake.fromBonus;
    model.rounds.set(roundId, entry);
  },

  async win(run, op) {
    const { model } = run;
    const [id, roundId, session] = [`w${op.tx}`, `r${op.tx}`, SESSIONS[op.tx % 3]!];
    const amount = BigInt(op.cents);
    const got = await outcome(() =>
      walletService.win(t.app.ctx, { session: run.sessions[op.tx % 3]!, transactionId: id, roundId, amount }),
    );
    const known = model.wins.get(id);
    const round = model.rounds.get(roundId);
    const expected =
      known !== undefined
        ? known === amount
          ? 'ok'
          : 'TRANSACTION_MISMATCH'
        : round?.status === 'rolled_back'
          ? 'ROUND_CLOSED'
          : 'ok';
    expect(got, `win ${id}`).toBe(expected);
    if (known !== undefined || expected !== 'ok') return;
    model.wins.set(id, amount);
    model.credit(session.mode, amount, Model.shareOf(amount, round?.bets ?? 0n, round?.bonusBets ?? 0n));
    model.rounds.set(roundId, {
      bets: round?.bets ?? 0n,
      bonusBets: round?.bonusBets ?? 0n,
      wins: (round?.wins ?? 0n) + amount,
      status: 'closed',
    });
  },

  async rollback(run, op) {
    const { model } = run;
    const [id, ref, session] = [`rb${op.tx}`, `b${op.ref}`, SESSIONS[op.ref % 3]!];
    const got = await outcome(() =>
      walletService.rollback(t.app.ctx, {
        session: run.sessions[op.ref % 3]!,
        transactionId: id,
        referenceTransactionId: ref,
      }),
    );
    const known = model.rollbacks.get(id);
    if (known !== undefined) {
      expect(got, `rollback ${id}`).toBe(known === ref ? 'ok' : 'TRANSACTION_MISMATCH');
      return;
    }
    expect(got, `rollback ${id}`).toBe('ok');
    model.rollbacks.set(id, ref);
    const bet = model.bets.get(ref);
    if (!bet) {
      model.marks.add(ref);
      return;
    }
    if (bet.rolledBack) return;
    bet.rolledBack = true;
    model.credit(session.mode, bet.amount, bet.stake.fromBonus);
    if (model.bonusStatus === 'active') {
      model.wagered -= bet.stake.wagered;
      if (model.wagered < 0n) model.wagered = 0n;
    }
    const round = model.rounds.get(`r${op.ref}`)!;
    round.bets -= bet.amount;
    round.bonusBets -= bet.stake.fromBonus;
    if (round.bets === 0n && round.wins === 0n) round.status = 'rolled_back';
  },

  async deposit(run, op) {
    const ctx = t.app.ctx;
    const r = await makeDeposit(ctx, run.player, {
      methodId: 1,
      method: 'card',
      amount: (op.cents / 100).toFixed(2),
      campaign_offer_id: -1,
    });
    const amount = BigInt(op.cents);
    const settle = () =>
      settleDeposit(ctx, {
        provider: SANDBOX,
        transactionId: r.transaction_id,
        status: 'paid',
        amount,
        currency: 'USD',
      });
    await settle();
    await settle(); // the provider's webhook, repeated: credited once
    run.model.balance.real += amount;
  },

  async withdraw(run, op) {
    const amount = BigInt(op.cents);
    let id = '';
    const got = await outcome(async () => {
      id = (
        await makeWithdrawal(t.app.ctx, run.player, {
          methodId: 1,
          method: 'card',
          amount: (op.cents / 100).toFixed(2),
          requisites: { card_holder: 'Jane Doe', card_number: '4242424242424242' },
          burnBonuses: op.burn,
        })
      ).transaction_id;
    });
    const { model } = run;
    // A bonus with money left, active or held by another withdrawal, needs the player's consent (burn_bonuses);
    // then this withdrawal holds it too.
    const atStake =
      (model.bonusStatus === 'active' && model.bonus > 0n) ||
      (model.bonusStatus === 'held' && model.stash > 0n);
    expect(got, 'withdraw').toBe(
      atStake && !op.burn
        ? 'InvalidParameterException'
        : amount > model.balance.real
          ? 'WithdrawalDeclinedException'
          : 'ok',
    );
    if (got !== 'ok') return;
    if (model.bonusStatus === 'active') {
      model.bonusStatus = 'held';
      model.stash = model.bonus;
      model.bonus = 0n;
    }
    if (model.bonusStatus === 'held') model.holds.add(id);
    model.withdrawals.push({ id, amount, status: 'pending' });
    model.balance.real -= amount;
  },

  async cancel(run, op) {
    const { model } = run;
    const w = model.withdrawals[op.index];
    if (!w) return;
    const got = await outcome(async () => {
      expect((await cancelWithdrawal(t.app.ctx, run.player.id, w.id)).status).toBe('cancelled');
    });
    expect(got, 'cancel').toBe(w.status === 'success' ? 'WithdrawalDeclinedException' : 'ok');
    if (w.status !== 'pending') return;
    w.status = 'cancelled';
    model.balance.real += w.amount;
    if (model.holds.delete(w.id) && model.holds.size === 0 && model.bonusStatus === 'held') {
      model.bonusStatus = 'active';
      model.bonus = model.stash;
      model.stash = 0n;
    }
  },

  async approve(run, op) {
    const { model } = run;
    const w = model.withdrawals[op.index];
    if (!w) return;
    const got = await outcome(async () => {
      expect((await approveWithdrawal(t.app.ctx, w.id, 'op')).status).toBe('success');
    });
    expect(got, 'approve').toBe(w.status === 'cancelled' ? 'WithdrawalDeclinedException' : 'ok');
    if (w.status !== 'pending') return;
    w.status = 'success';
    if (model.holds.has(w.id) && model.bonusStatus === 'held') {
      model.bonusStatus = 'forfeited';
      model.stash = 0n;
      model.holds.clear();
    }
  },
};

/** A new player: signed in, e-mail confirmed, verified, a first deposit with the welcome bonus, the provider's sessions. */
const newRun = async (): Promise<TRun> => {
  const ctx = t.app.ctx;
  const { client, player: made } = await depositedClient(
    t.app,
    (Number(STARTING_DEPOSIT) / 100).toFixed(2),
    WELCOME_OFFER,
  );
  await ctx.db.execute(sql`update players set is_verified = true where id = ${made.id}`);
  const player = (await findPlayerById(ctx.db, made.id))!;
  const sessions: string[] = [];
  for (const s of SESSIONS)
    sessions.push(
      (
        await walletService.openSession(ctx, {
          playerId: player.id,
          game: s.game,
          mode: s.mode,
          provider: `acme${player.id}`,
        })
      ).token,
    );
  const model = new Model();
  model.bonus = (await getBalances(ctx.db, player.id)).bonus;
  expect(model.bonus, 'the welcome bonus').toBeGreaterThan(0n);
  model.requirement = model.bonus * 10n;
  return { player, client, sessions, model };
};

const checkAfterStep = async (run: TRun, label: string) => {
  const ctx = t.app.ctx;
  const { model, player } = run;
  expect(await auditLedger(ctx.db), `${label}: ledger audit`).toEqual([]);
  const balances = await getBalances(ctx.db, player.id);
  expect({ main: balances.main, fun: balances.fun, bonus: balances.bonus }, `${label}: balances`).toEqual({
    main: model.balance.real,
    fun: model.balance.demo,
    bonus: model.bonus,
  });
  expect(await betLogDifferences(t.app, player.id), `${label}: consequence log`).toEqual([]);
  expect(await wageredOf(t.app, player.id), `${label}: wagered`).toBe(model.wagered);
  // A bonus's hold and release repeat by design (one per withdrawal, each with its own key).
  const twice = await queryRows(
    ctx.db,
    sql`select reference from ledger_transactions
        where reference is not null and kind not in ('bonus.hold', 'bonus.release')
        group by reference, kind having count(*) > 1`,
  );
  expect(twice, `${label}: a reference moved money twice`).toEqual([]);
};

describe('bets, rounds and money through the bet pipeline (property)', () => {
  it('keeps the ledger, the balances, the consequences and the wagering right after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 10, maxLength: 40, size: 'max' }), async (sequence) => {
        const run = await newRun();
        await checkAfterStep(run, 'start');
        for (const [i, op] of sequence.entries()) {
          await (steps[op.type] as (run: TRun, op: TOp) => Promise<void>)(run, op);
          await checkAfterStep(run, `step ${i} ${JSON.stringify(op)}`);
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
  }, 180_000);
});
