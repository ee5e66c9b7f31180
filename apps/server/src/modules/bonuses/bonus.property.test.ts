/**
 * Property: random sequences of bonus grants (capped or not), activations, pauses, removals, real-money stakes on a
 * slot and a fast game (in fresh or shared rounds), wins, rollbacks, expiries (the clock jumps, the jobs queue
 * runs), deposits, withdrawals with and without burn_bonuses (holding the bonus), and bonus isolation switched on and off. After every
 * step: the ledger audit is clean (every transaction sums to zero, balances equal their entries and never go
 * negative), the main and bonus balances and every bonus (status, stash, wagering, converted, lost) equal a model of
 * the rules, and bonus money reaches main only through conversion: no ledger transaction but bonus.convert takes
 * from a bonus account and gives to main, and main is credited only by deposits, wins' real shares, returned real
 * stakes and conversions.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TTestApp } from '../../test/test-app.ts';
import { confirmContacts } from '../cashier/cashier-test-helpers.ts';
import { makeWithdrawal } from '../cashier/make-withdrawal.ts';
import { fundedClient } from '../games/play/test-helpers.ts';
import { HOUSE } from '../ledger/accounts.ts';
import { auditLedger } from '../ledger/audit.ts';
import { getBalances } from '../ledger/balances.ts';
import { postTransaction } from '../ledger/post-transaction.ts';
import { queryRows, toBigInt } from '../ledger/sql.ts';
import { findPlayerById } from '../players/service.ts';
import { walletService } from '../wallet/wallet-service.ts';
import { contributionOf, DEFAULT_CONTRIBUTIONS } from './content.ts';
import { activateBonus, deactivateBonus, grantBonus, removeBonus } from './engine.ts';
import { EXPIRE_JOB } from './module.ts';

/** Fixed, so a failure replays; fast-check prints the seed and the shrunk path of a failing run. */
const SEED = 20_261_212;
const RUNS = 40;
const DAY_MS = 86_400_000;
const GAMES = {
  slot: { sysname: 'copperfox_cherry_flare', kind: 'slot' },
  fast: { sysname: 'sparkrush_dice_duel', kind: 'fast' },
} as const;

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'bonus-property' });
}, 120_000);
afterAll(() => t.close());

type TOp =
  | {
      type: 'grant';
      template: 'demo10' | 'operator_gift';
      cents: number;
      multiplier: number;
      cap: number | null;
    }
  | { type: 'activate'; index: number }
  | { type: 'deactivate' }
  | { type: 'remove'; index: number }
  | { type: 'bet'; game: keyof typeof GAMES; cents: number; sameRound: boolean }
  | { type: 'win'; round: number; cents: number }
  | { type: 'rollback'; bet: number }
  | { type: 'expire'; days: number }
  | { type: 'deposit'; cents: number }
  | { type: 'withdraw'; cents: number; burn: boolean }
  | { type: 'isolation'; on: boolean };

const ops: fc.Arbitrary<TOp> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('grant' as const),
      template: fc.constantFrom('demo10' as const, 'operator_gift' as const, 'operator_gift' as const),
      // Small enough that wagering often completes within a run (10x the amount).
      cents: fc.integer({ min: 50, max: 400 }),
      // An operator's grant may ask less wagering than the template (demo10 keeps its 10x).
      multiplier: fc.integer({ min: 0, max: 3 }),
      cap: fc.option(fc.integer({ min: 0, max: 1_500 }), { nil: null }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('activate' as const), index: fc.nat(5) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('deactivate' as const) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('remove' as const), index: fc.nat(5) }) },
  {
    weight: 10,
    arbitrary: fc.record({
      type: fc.constant('bet' as const),
      game: fc.constantFrom<keyof typeof GAMES>('slot', 'fast'),
      cents: fc.integer({ min: 1, max: 700 }),
      sameRound: fc.boolean(),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      type: fc.constant('win' as const),
      // Counted from the newest round.
      round: fc.nat(6),
      cents: fc.integer({ min: 0, max: 2_500 }),
    }),
  },
  // Counted from the newest bet.
  { weight: 2, arbitrary: fc.record({ type: fc.constant('rollback' as const), bet: fc.nat(6) }) },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('expire' as const), days: fc.integer({ min: 1, max: 10 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('deposit' as const),
      cents: fc.integer({ min: 100, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('withdraw' as const),
      cents: fc.integer({ min: 2_000, max: 4_000 }),
      burn: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('isolation' as const), on: fc.boolean() }) },
);

type TStatus = 'available' | 'active' | 'completed' | 'forfeited' | 'expired' | 'cancelled';
interface TBonus {
  id: number;
  status: TStatus;
  amount: bigint;
  stash: bigint;
  wagered: bigint;
  requirement: bigint;
  maxBet: bigint | null;
  cap: bigint | null;
  converted: bigint;
  lost: bigint;
  expiresAt: number;
  /** Its place in the waiting line (migrations/1140): grants append, a pause goes to the front. */
  queueKey: number;
}
interface TRound {
  id: string;
  status: 'open' | 'closed' | 'rolled_back';
  bets: bigint;
  bonusBets: bigint;
  bonusId: number | null;
  wins: bigint;
}
interface TBet {
  id: string;
  round: TRound;
  amount: bigint;
  fromBonus: bigint;
  bonusId: number | null;
  wagered: bigint;
  rolledBack: boolean;
}

/** The rules of migrations/0510, 0511, 1140 and 1170, written again as plainly as possible. */
class Model {
  main = 0n;
  bonusAccount = 0n;
  isolated = false;
  readonly bonuses: TBonus[] = [];
  readonly rounds: TRound[] = [];
  readonly bets: TBet[] = [];
  /** Bonuses a pending withdrawal holds (none is paid or cancelled here: cashier/play.property.test.ts does that). */
  readonly held = new Set<number>();
  /** The queue's sequence: shared by every run's bonuses, as the database's is. */
  static keys = 0;

  readonly clock: () => number;

  constructor(clock: () => number) {
    this.clock = clock;
  }

  active() {
    return this.bonuses.find((b) => b.status === 'active');
  }

  static nextKey() {
    Model.keys += 1;
    return Model.keys;
  }

  /** The active bonus ended: the first waiting one that can start does (an expired one is expired on the way). */
  next() {
    if (this.active()) return;
    const line = this.bonuses
      .filter((b) => b.status === 'available' && !this.held.has(b.id))
      .sort((a, b) => a.queueKey - b.queueKey || a.id - b.id);
    for (const bonus of line) if (this.activate(bonus, this.clock()) === 'activated') return;
  }

  finish(bonus: TBonus, status: Exclude<TStatus, 'available' | 'active'>, advance = true) {
    // A held bonus stands in the active one's place: its end moves the line too (migrations/1170).
    const wasActive = bonus.status === 'active' || (bonus.status === 'available' && this.held.has(bonus.id));
    if (bonus.status === 'active') {
      const balance = this.bonusAccount;
      const conv =
        status === 'completed'
          ? bonus.cap === null
            ? balance
            : min(balance, max0(bonus.cap - bonus.converted))
          : 0n;
      this.main += conv;
      bonus.converted += conv;
      bonus.lost += balance - conv;
      this.bonusAccount = 0n;
    } else if (bonus.status === 'available') {
      bonus.lost += bonus.stash;
    } else return;
    bonus.stash = 0n;
    bonus.status = status;
    if (wasActive && advance) this.next();
  }

  /** A withdrawal holds the active bonus: paused, its money waiting as its stash (its place in any line kept). */
  hold(bonus: TBonus) {
    bonus.stash = this.bonusAccount;
    this.bonusAccount = 0n;
    bonus.status = 'available';
    this.held.add(bonus.id);
  }

  /** The money of the bonuses withdrawals hold. */
  heldMoney() {
    return this.bonuses
      .filter((b) => b.status === 'available' && this.held.has(b.id))
      .reduce((sum, b) => sum + b.stash, 0n);
  }

  pause(bonus: TBonus) {
    bonus.stash = this.bonusAccount;
    this.bonusAccount = 0n;
    bonus.status = 'available';
    bonus.queueKey = -Model.nextKey();
  }

  activate(bonus: TBonus, now: number): 'activated' | 'expired' {
    if (bonus.expiresAt <= now) {
      this.finish(bonus, 'expired');
      return 'expired';
    }
    const current = this.active();
    if (current) this.pause(current);
    this.bonusAccount += bonus.stash;
    bonus.stash = 0n;
    bonus.status = 'active';
    if (bonus.wagered >= bonus.requirement) this.finish(bonus, 'completed');
    return 'activated';
  }

  /** Money of a bonus that came back to the bonus account (a win's or a returned stake's bonus part). */
  late(bonusId: number | null, share: bigint) {
    if (bonusId === null || share <= 0n) return;
    const bonus = this.bonuses.find((b) => b.id === bonusId);
    if (!bonus) throw new Error(`unknown bonus ${bonusId}`);
    if (bonus.status === 'active') {
      this.bonusAccount += share;
    } else if (bonus.status === 'completed') {
      const conv = bonus.cap === null ? share : min(share, max0(bonus.cap - bonus.converted));
      this.main += conv;
      bonus.converted += conv;
      bonus.lost += share - conv;
    } else if (bonus.status === 'available') {
      bonus.stash += share;
    } else bonus.lost += share;
  }

  /** A stake: its sources and wagering, or the wallet's refusal. */
  stake(amount: bigint, game: (typeof GAMES)[keyof typeof GAMES]) {
    const bonus = this.active();
    if (!bonus) {
      if (amount > this.main) return 'INSUFFICIENT_FUNDS' as const;
      this.main -= amount;
      return { fromBonus: 0n, bonusId: null, wagered: 0n };
    }
    const fromBonus = this.isolated
      ? min(amount, this.bonusAccount)
      : amount > this.main
        ? amount - this.main
        : 0n;
    if (
      bonus.maxBet !== null &&
      amount > bonus.maxBet &&
      (fromBonus > 0n || (!this.isolated && this.bonusAccount > 0n))
    )
      return 'BONUS_MAX_BET' as const;
    if (amount - fromBonus > this.main || fromBonus > this.bonusAccount) return 'INSUFFICIENT_FUNDS' as const;
    this.main -= amount - fromBonus;
    this.bonusAccount -= fromBonus;
    const wagered =
      ((this.isolated ? fromBonus : amount) * BigInt(contributionOf(DEFAULT_CONTRIBUTIONS, game.kind))) /
      100n;
    if (wagered > 0n) {
      bonus.wagered += wagered;
      if (bonus.wagered >= bonus.requirement) this.finish(bonus, 'completed');
    }
    return { fromBonus, bonusId: bonus.id, wagered };
  }
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);
const max0 = (a: bigint) => (a > 0n ? a : 0n);

interface TRun {
  playerId: number;
  sessions: Record<keyof typeof GAMES, string>;
  model: Model;
  seq: number;
}

/** 'ok', or the refusal's code (wallet, bonus engine) or type (API). */
const outcome = async (run: () => Promise<unknown>) => {
  try {
    await run();
    return 'ok';
  } catch (error) {
    const e = error as { code?: string; type?: string };
    return e.type ?? e.code ?? String(error);
  }
};

const now = () => t.clock.now();

const openSessions = async (run: TRun) => {
  for (const key of Object.keys(GAMES) as (keyof typeof GAMES)[])
    run.sessions[key] = (
      await walletService.openSession(t.app.ctx, {
        playerId: run.playerId,
        game: GAMES[key].sysname,
        mode: 'real',
        provider: `prop${run.playerId}`,
      })
    ).token;
};

const setIsolation = (on: boolean) =>
  t.app.ctx.db.execute(
    sql`update site_settings set value = jsonb_set(value, '{is_bonus_isolation_enabled}', ${on ? 'true' : 'false'}::jsonb)
        where key = 'general-info'`,
  );

const steps: { [K in TOp['type']]: (run: TRun, op: Extract<TOp, { type: K }>) => Promise<void> } = {
  async grant(run, op) {
    const { model } = run;
    const key = `prop:${run.playerId}:${run.seq++}`;
    const amount = op.template === 'demo10' ? 1_000n : BigInt(op.cents);
    const granted = await grantBonus(t.app.ctx.db, {
      playerId: run.playerId,
      template: op.template,
      amount: op.template === 'demo10' ? undefined : amount,
      wagerMultiplier: op.template === 'demo10' ? undefined : op.multiplier,
      source: 'operator',
      sourceRef: 'property',
      grantKey: key,
      activation: 'available',
      now: now(),
    });
    // An operator's template with a cap on conversion (set before the bonus takes any part in play).
    if (op.cap !== null)
      await t.app.ctx.db.execute(
        sql`update player_bonuses set max_conversion = ${op.cap} where id = ${granted.bonusId}`,
      );
    const bonus: TBonus = {
      id: granted.bonusId,
      status: 'available',
      amount,
      stash: amount,
      wagered: 0n,
      requirement: amount * BigInt(op.template === 'demo10' ? 10 : op.multiplier),
      maxBet: op.template === 'demo10' ? 500n : null,
      cap: op.cap === null ? null : BigInt(op.cap),
      converted: 0n,
      lost: 0n,
      expiresAt: now().getTime() + (op.template === 'demo10' ? 7 : 30) * DAY_MS,
      queueKey: Model.nextKey(),
    };
    model.bonuses.push(bonus);
    // As grantBonus's default (auto) would: active at once when none is.
    if (!model.active()) {
      const got = await activateBonus(t.app.ctx.db, {
        playerId: run.playerId,
        bonusId: bonus.id,
        type: 'casino',
        now: now(),
      });
      expect(got).toBe(model.activate(bonus, now().getTime()));
    }
  },

  async activate(run, op) {
    const bonus = run.model.bonuses[op.index];
    if (!bonus) return;
    const got = await outcome(() =>
      activateBonus(t.app.ctx.db, { playerId: run.playerId, bonusId: bonus.id, type: 'casino', now: now() }),
    );
    if (bonus.status !== 'available' || run.model.held.has(bonus.id)) {
      expect(got, 'activate').toBe('bonusNotAvailable');
      return;
    }
    expect(got).toBe('ok');
    run.model.activate(bonus, now().getTime());
  },

  async deactivate(run) {
    const bonus = run.model.active();
    if (!bonus) return;
    await deactivateBonus(t.app.ctx.db, {
      playerId: run.playerId,
      bonusId: bonus.id,
      type: 'casino',
      now: now(),
    });
    run.model.pause(bonus);
  },

  async remove(run, op) {
    const bonus = run.model.bonuses[op.index];
    if (!bonus) return;
    const got = await outcome(() =>
      removeBonus(t.app.ctx.db, { playerId: run.playerId, bonusId: bonus.id, type: 'casino', now: now() }),
    );
    if (bonus.status !== 'available' && bonus.status !== 'active') {
      expect(got, 'remove').toBe('bonusNotAvailable');
      return;
    }
    expect(got).toBe('ok');
    run.model.finish(bonus, bonus.status === 'active' ? 'forfeited' : 'cancelled');
  },

  async bet(run, op) {
    const { model } = run;
    const game = GAMES[op.game];
    const amount = BigInt(op.cents);
    const last = model.rounds.at(-1);
    const round: TRound =
      op.sameRound && last?.status === 'open'
        ? last
        : { id: `r${run.seq++}`, status: 'open', bets: 0n, bonusBets: 0n, bonusId: null, wins: 0n };
    const id = `b${run.seq++}`;
    const got = await outcome(() =>
      walletService.bet(t.app.ctx, {
        session: run.sessions[op.game],
        transactionId: id,
        roundId: round.id,
        amount,
      }),
    );
    const taken = model.stake(amount, game);
    expect(got, `bet ${id}`).toBe(typeof taken === 'string' ? taken : 'ok');
    if (typeof taken === 'string') return;
    if (round !== last) model.rounds.push(round);
    round.bets += amount;
    round.bonusBets += taken.fromBonus;
    round.bonusId = taken.fromBonus > 0n ? taken.bonusId : (round.bonusId ?? taken.bonusId);
    model.bets.push({ id, round, amount, ...taken, rolledBack: false });
  },

  async win(run, op) {
    const { model } = run;
    const round = model.rounds.at(-1 - op.round);
    if (!round) return;
    const amount = BigInt(op.cents);
    const got = await outcome(() =>
      walletService.win(t.app.ctx, {
        session: run.sessions.slot,
        transactionId: `w${run.seq++}`,
        roundId: round.id,
        amount,
      }),
    );
    if (round.status === 'rolled_back') {
      expect(got, 'win').toBe('ROUND_CLOSED');
      return;
    }
    expect(got, 'win').toBe('ok');
    const share =
      round.bonusBets > 0n && round.bets > 0n
        ? amount - (amount * (round.bets - round.bonusBets)) / round.bets
        : 0n;
    model.main += amount - share;
    model.late(round.bonusId, share);
    round.wins += amount;
    round.status = 'closed';
  },

  async rollback(run, op) {
    const { model } = run;
    const bet = model.bets.at(-1 - op.bet);
    if (!bet) return;
    const got = await outcome(() =>
      walletService.rollback(t.app.ctx, {
        session: run.sessions.fast,
        transactionId: `rb${run.seq++}`,
        referenceTransactionId: bet.id,
      }),
    );
    expect(got, 'rollback').toBe('ok');
    if (bet.rolledBack) return;
    bet.rolledBack = true;
    model.main += bet.amount - bet.fromBonus;
    const bonus = model.bonuses.find((b) => b.id === bet.bonusId);
    if (bonus?.status === 'active') bonus.wagered = max0(bonus.wagered - bet.wagered);
    model.late(bet.bonusId, bet.fromBonus);
    bet.round.bets -= bet.amount;
    bet.round.bonusBets = max0(bet.round.bonusBets - bet.fromBonus);
    if (bet.round.bets === 0n && bet.round.wins === 0n) bet.round.status = 'rolled_back';
  },

  async expire(run, op) {
    t.clock.advance(op.days * DAY_MS);
    await t.app.ctx.jobs.runRecurring(EXPIRE_JOB);
    await t.app.ctx.jobs.drain();
    // In any order the job takes them: the waiting ones it would start are expired on the way too.
    for (const bonus of run.model.bonuses)
      if ((bonus.status === 'active' || bonus.status === 'available') && bonus.expiresAt <= now().getTime())
        run.model.finish(bonus, 'expired');
    await openSessions(run);
  },

  async deposit(run, op) {
    await postTransaction(t.app.ctx.db, {
      idempotencyKey: `prop-fund-${run.playerId}-${run.seq++}`,
      kind: 'test.fund',
      entries: [
        { account: { playerId: run.playerId, kind: 'main' }, amount: BigInt(op.cents) },
        { account: HOUSE.payments, amount: -BigInt(op.cents) },
      ],
    });
    run.model.main += BigInt(op.cents);
  },

  async withdraw(run, op) {
    const { model } = run;
    const amount = BigInt(op.cents);
    const player = await findPlayerById(t.app.ctx.db, run.playerId);
    const got = await outcome(() =>
      makeWithdrawal(t.app.ctx, player!, {
        methodId: 1,
        method: 'card',
        amount: (op.cents / 100).toFixed(2),
        requisites: { card_holder: 'Jane Doe', card_number: '4242424242424242' },
        burnBonuses: op.burn,
      }),
    );
    const active = model.active();
    const atStake = (active !== undefined ? model.bonusAccount : 0n) + model.heldMoney();
    const asks = !model.isolated && atStake > 0n && !op.burn;
    expect(got, 'withdraw').toBe(
      asks ? 'InvalidParameterException' : amount > model.main ? 'WithdrawalDeclinedException' : 'ok',
    );
    if (got !== 'ok') return;
    model.main -= amount;
    if (active && !model.isolated) model.hold(active);
  },

  async isolation(run, op) {
    await setIsolation(op.on);
    run.model.isolated = op.on;
  },
};

const newRun = async (): Promise<TRun> => {
  // Little real money, so that stakes soon play the bonus's money.
  const { player } = await fundedClient(t.app, 300n);
  await confirmContacts(t.app, player.id);
  await t.app.ctx.db.execute(sql`update players set is_verified = true where id = ${player.id}`);
  const run: TRun = {
    playerId: player.id,
    sessions: { slot: '', fast: '' },
    model: new Model(() => now().getTime()),
    seq: 0,
  };
  run.model.main = 300n;
  await openSessions(run);
  await setIsolation(false);
  return run;
};

/** Ledger transactions of the player that move bonus money to main other than by conversion, or credit main otherwise. */
const leaks = (playerId: number) =>
  queryRows<{ id: unknown; kind: string }>(
    t.app.ctx.db,
    sql`select t.id, t.kind from ledger_transactions t
        join ledger_entries e on e.transaction_id = t.id
        join ledger_accounts a on a.id = e.account_id
       where a.code = ${`player:${playerId}:main`} and e.amount > 0
         and (t.kind not in ('test.fund', 'game.win', 'game.rollback', 'bonus.convert')
              or (t.kind <> 'bonus.convert' and exists (
                select 1 from ledger_entries x join ledger_accounts y on y.id = x.account_id
                 where x.transaction_id = t.id and y.player_id = ${playerId}
                   and y.kind in ('bonus', 'betting_bonus') and x.amount < 0)))`,
  );

const check = async (run: TRun, label: string) => {
  const { model, playerId } = run;
  expect(await auditLedger(t.app.ctx.db), `${label}: ledger audit`).toEqual([]);
  const balances = await getBalances(t.app.ctx.db, playerId);
  expect({ main: balances.main, bonus: balances.bonus }, `${label}: balances`).toEqual({
    main: model.main,
    bonus: model.bonusAccount,
  });
  const rows = await queryRows<Record<string, unknown>>(
    t.app.ctx.db,
    sql`select id, status, stash, wagered, converted, lost from player_bonuses where player_id = ${playerId}
        order by id`,
  );
  expect(
    rows.map((r) => ({
      id: Number(r.id),
      status: r.status,
      stash: toBigInt(r.stash),
      wagered: toBigInt(r.wagered),
      converted: toBigInt(r.converted),
      lost: toBigInt(r.lost),
    })),
    `${label}: bonuses`,
  ).toEqual(
    model.bonuses.map((b) => ({
      id: b.id,
      status: b.status,
      stash: b.stash,
      wagered: b.wagered,
      converted: b.converted,
      lost: b.lost,
    })),
  );
  expect(await leaks(playerId), `${label}: bonus money reached main other than by conversion`).toEqual([]);
};

describe('the bonus engine on the ledger (property)', () => {
  it('keeps the ledger whole, matches the model, and moves bonus money to main only by conversion', async () => {
    const start = t.clock.now();
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(ops, { minLength: 10, maxLength: 40, size: 'max' }), async (sequence) => {
          const run = await newRun();
          await check(run, 'start');
          for (const [i, op] of sequence.entries()) {
            await (steps[op.type] as (run: TRun, op: TOp) => Promise<void>)(run, op);
            await check(run, `step ${i} ${JSON.stringify(op)}`);
          }
        }),
        { seed: SEED, numRuns: RUNS },
      );
    } finally {
      await setIsolation(false);
      t.clock.set(start);
    }
  }, 600_000);
});
