/**
 * Test-only (reports/reconciliation.property.test.ts): random days of activity that move money in every way the
 * ledger knows, driven as the product is used: the player API (sandbox deposits, games.play, withdrawals, bonuses,
 * the loyalty shop, cashbacks, tournaments, sports bets and cash-outs), the back-office pages (bonus grants, manual
 * adjustments, the withdrawal queue, tournaments, jackpots, cashback and loyalty settings), the signed sportsbook
 * feed, a provider's seamless-wallet calls and the jobs queue, with the test clock moving from day to day.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { signedInClient } from '../../test/factories.ts';
import type { TTestApp } from '../../test/test-app.ts';
import { makeOperator, signInOperator } from '../backoffice/backoffice-test-helpers.ts';
import { EXPIRE_JOB } from '../bonuses/module.ts';
import { CASHBACK_JOB } from '../campaigns/module.ts';
import { confirmContacts, payByCard, refreshSession } from '../cashier/cashier-test-helpers.ts';
import { JACKPOT_CYCLES_TASK } from '../competitions/jackpot-cycles.ts';
import { CLOSE_DUE_TASK } from '../competitions/module.ts';
import type { TClient } from '../games/play/test-helpers.ts';
import { feedClient } from '../sportsbook/test-feed.ts';
import { walletService } from '../wallet/wallet-service.ts';

export const DAY_MS = 86_400_000;
const DICE = 'sparkrush_dice_duel';
const SLOT = 'copperfox_cherry_flare';
export const PLAYERS = 3;
export const EVENTS = 4;
const ODDS: [number, number, number] = [1.8, 3.4, 4.6];

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

type TAdmin = Awaited<ReturnType<typeof signInOperator>>;
type TForm = Record<string, string | string[]>;

interface TPlayerRig {
  id: number;
  client: TClient;
  /** A third party's seamless-wallet session (a slot of another provider), opened each morning. */
  provider: string;
}

/** What one run made: its players, fixtures, tournaments, bets and the withdrawals nobody acted on yet. */
export interface TRun {
  n: number;
  /** 00:00 UTC of its first day. */
  first: Date;
  players: TPlayerRig[];
  events: string[];
  tournaments: number[];
  bets: { p: number; id: number }[];
  withdrawals: { p: number; id: string }[];
  seq: number;
}

/** Refusals a random operation may meet: the player cannot afford it, a bonus rule, nothing left to act on. */
const EXPECTED_REFUSALS = new Set([
  'UserNeedDepositException',
  'InvalidParameterException',
  'WithdrawalDeclinedException',
  'WithdrawalLimitsPeriodExceededException',
  'INSUFFICIENT_FUNDS',
  'BONUS_MAX_BET',
  'ROUND_CLOSED',
]);

/** An API answer's refusal, which must be an expected one; null when it went through. */
const refusal = (label: string, r: { error: { type: string; error_data?: unknown } | null }) => {
  if (!r.error) return null;
  if (!EXPECTED_REFUSALS.has(r.error.type))
    throw new Error(`${label}: unexpected ${r.error.type} ${JSON.stringify(r.error.error_data)}`);
  return r.error.type;
};

/** The one-time key of the form posting to `action` on a page, if it has one (each render makes a fresh one). */
const formKey = (body: string, action: string) =>
  new RegExp(`action="${action}">(?:(?!</form>)[\\s\\S])*?name="key" value="([^"]+)"`).exec(body)?.[1] ?? '';

const money = (cents: number) => (cents / 100).toFixed(2);

export class Activity {
  readonly feed: ReturnType<typeof feedClient>;
  /** Every player made so far. */
  readonly playerIds: number[] = [];
  private operator!: Awaited<ReturnType<typeof makeOperator>>;
  private browser!: TAdmin;
  private lastSeen = 0;
  private products = { cash: 0, bonus: 0 };

  private readonly t: TTestApp;

  constructor(t: TTestApp) {
    this.t = t;
    this.feed = feedClient(t.app);
  }

  private get app(): FastifyInstance {
    return this.t.app;
  }

  private now() {
    return this.app.ctx.providers.clock.now().getTime();
  }

  /** Moves the clock forward (never back: the feed and the jobs expect time to run one way). */
  private at(ms: number) {
    if (ms > this.now()) this.t.clock.set(new Date(ms));
  }

  /** The operator's browser, signed in again when its session has idled (30 minutes of the clock end it). */
  private async admin() {
    if (this.now() - this.lastSeen > 20 * 60_000)
      this.browser = await signInOperator(this.app, this.t.clock, this.operator);
    this.lastSeen = this.now();
    return this.browser;
  }

  /** The operator opens `page` and submits a form of it to `action`; it must lead to a page saying `ok`. */
  private async submit(page: string, action: string, form: TForm, ok: RegExp) {
    const browser = await this.admin();
    const body = (await browser.get(page)).body;
    const key = formKey(body, action);
    const r = await browser.post(action, key ? { key, ...form } : form);
    const to = String(r.headers.location ?? '');
    if (r.statusCode !== 303 || !ok.test(to)) throw new Error(`${action}: ${r.statusCode} ${to}`);
    return to;
  }

  /**
   * The operator's settings every run uses: the weekly cashback made daily beside a new daily one paying real
   * money, a quest paying cash for a deposit, shop products paying cash and a bonus for a point, a jackpot on dice
   * that drops within a few rounds.
   */
  async setUp() {
    this.operator = await makeOperator(this.app, 'admin');
    const cashback = (over: TForm) => ({
      period: 'daily',
      min_amount: '0.10',
      receiving_days: '3',
      is_active: '1',
      ...over,
    });
    await this.submit(
      '/admin/promotions/cashback/1',
      '/admin/promotions/cashback/1',
      cashback({ percent: '20', max_amount: '50.00', payout: 'bonus', template: 'cashback_bonus' }),
      /ok=cashback_saved/,
    );
    await this.submit(
      '/admin/promotions/cashback/new',
      '/admin/promotions/cashback',
      cashback({ sysname: 'daily_real', percent: '10', max_amount: '', payout: 'real', template: '' }),
      /ok=cashback_created/,
    );
    const questForm = (await (await this.admin()).get('/admin/loyalty/quests/new')).body;
    const program = /<option value="(\d+)"\s*>weekly-quests</.exec(questForm)?.[1];
    if (!program) throw new Error('no weekly-quests program in the quest form');
    await this.submit(
      '/admin/loyalty/quests/new',
      '/admin/loyalty/quests',
      {
        sysname: 'deposit-cash',
        program_id: program,
        kind: 'deposit',
        target: '1',
        'title.en': 'Deposit once',
        'description.en': 'Any deposit',
        reward_type: 'cash',
        reward_amount: '3.00',
        priority: '0',
        starts_at: '2026-01-01T00:00',
        ends_at: '2028-01-01T00:00',
      },
      /ok=saved/,
    );
    for (const [kind, reward] of [
      ['cash', '2.50'],
      ['bonus', '1.50'],
    ] as const) {
      const saved = await this.submit(
        '/admin/loyalty/products/new',
        '/admin/loyalty/products',
        {
          sysname: `one-point-${kind}`,
          type: kind,
          price: '1',
          reward,
          stock: '',
          per_player_limit: '',
          'title.en': `One point ${kind}`,
          'description.en': 'For the reconciliation test',
          priority: '0',
        },
        /\/\d+\?ok=saved$/,
      );
      this.products[kind] = Number(/\/(\d+)\?ok=saved$/.exec(saved)?.[1]);
    }
    await this.submit(
      '/admin/competitions/jackpots/new',
      '/admin/competitions/jackpots',
      {
        name: 'Reconciliation pot',
        currency: 'USD',
        games: DICE,
        tier_name: ['mini', 'major', ''],
        tier_percent: ['5.00', '1.00', ''],
        tier_seed: ['1.00', '20.00', ''],
        tier_must_drop_by: ['3.00', '40.00', ''],
      },
      /ok=jackpot_created/,
    );
    await this.app.ctx.jobs.runRecurring(JACKPOT_CYCLES_TASK);
    await this.app.ctx.jobs.drain();
  }

  /** A run's players (each with a first deposit), fixtures and two tournaments with an entry fee. */
  async startRun(n: number, first: Date): Promise<TRun> {
    this.at(first.getTime() + 10 * 60_000);
    const run: TRun = {
      n,
      first,
      players: [],
      events: [],
      tournaments: [],
      bets: [],
      withdrawals: [],
      seq: 0,
    };
    for (let i = 0; i < PLAYERS; i++) {
      const made = await signedInClient(this.app);
      await confirmContacts(this.app, made.player.id);
      run.players.push({ id: made.player.id, client: made.client, provider: '' });
      this.playerIds.push(made.player.id);
      await this.deposit(run, i, 20_000);
    }
    for (let e = 0; e < EVENTS; e++) {
      const id = `recon-${n}-${e}`;
      // Far enough ahead that the fixtures stay pre-match through the run.
      await this.feed.football(id, ODDS, { start: new Date(first.getTime() + 30 * DAY_MS) });
      run.events.push(id);
    }
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16);
    for (const [i, days] of [1.5, 2.5].entries()) {
      const created = await this.submit(
        '/admin/competitions/tournaments/new',
        '/admin/competitions/tournaments',
        {
          title: `Run ${n} cup ${i}`,
          description: 'Roll the most.',
          starts_at: iso(first.getTime()),
          ends_at: iso(first.getTime() + days * DAY_MS),
          scoring: 'wagered',
          min_bet: '0.10',
          currency: 'USD',
          opt_in: '1',
          entry_fee: '2.00',
          games: DICE,
          prize_amount: ['7.00', '4.00', ''],
          prize_type: ['cash', 'bonus', 'cash'],
        },
        /tournaments\/\d+\?ok=tournament_created$/,
      );
      run.tournaments.push(Number(/tournaments\/(\d+)\?/.exec(created)?.[1]));
    }
    return run;
  }

  /**
   * A day's morning: the clock moves to it, sessions are renewed, the jobs due run (yesterday's cashbacks, bonus
   * expiry, tournaments that ended, jackpot cycles) and each player claims their cashbacks.
   */
  async startDay(run: TRun, day: number) {
    this.at(run.first.getTime() + day * DAY_MS + 5 * 60_000);
    for (const player of run.players) {
      await refreshSession(this.app, player.client, player.id);
      const { token } = await walletService.openSession(this.app.ctx, {
        playerId: player.id,
        game: SLOT,
        mode: 'real',
        provider: `recon${player.id}`,
      });
      player.provider = token;
    }
    for (const task of [CASHBACK_JOB, EXPIRE_JOB, CLOSE_DUE_TASK, JACKPOT_CYCLES_TASK])
      await this.app.ctx.jobs.runRecurring(task);
    await this.app.ctx.jobs.drain();
    for (const player of run.players) {
      const listed = await player.client.get('cashbacks.get', { statuses: 'active' });
      for (const item of listed.data?.items ?? [])
        refusal('cashback', await player.client.post('cashbacks.payout', { cashback_id: item.id }));
    }
  }

  /** A day's operations, two minutes apart (well within the sessions of the morning). */
  async runDay(run: TRun, day: number, ops: TOp[]) {
    for (const [i, o] of ops.entries()) {
      this.at(run.first.getTime() + day * DAY_MS + (10 + i * 2) * 60_000);
      await this.apply(run, o);
    }
  }

  /** The operator recomputes a day from the ledger (the reports page's button). */
  async recompute(day: string) {
    await this.submit('/admin/reports', '/admin/reports/recompute', { day }, /ok=recomputed/);
  }

  /** The operator's CSV export of the period rows, one a day, parsed (cells by column name). */
  async exportDays(from: string, to: string) {
    const browser = await this.admin();
    const r = await browser.get(
      `/admin/reports/export.csv?from=${from}&to=${to}&period=day&currency=USD&table=periods`,
    );
    if (r.statusCode !== 200) throw new Error(`export: ${r.statusCode}`);
    const [header = '', ...lines] = r.body.trim().split('\r\n');
    const names = header.split(',');
    return lines.map((line) => {
      if (line.includes('"')) throw new Error(`a quoted cell: ${line}`);
      const cells = line.split(',');
      return Object.fromEntries(names.map((name, i) => [name, cells[i] ?? '']));
    });
  }

  private async deposit(run: TRun, p: number, cents: number) {
    const r = await run.players[p]!.client.post('cashier.makedeposit', {
      method: 'card',
      amount: money(cents),
    });
    if (refusal('deposit', r)) return;
    const location = await payByCard(this.app, r.data.redirect_url);
    if (!location.startsWith('/cashier/paysuccess/')) throw new Error(`deposit not paid: ${location}`);
  }

  /** A third party's round on the seamless wallet: a bet, then its win or its rollback. */
  private async providerRound(run: TRun, player: TPlayerRig, o: Extract<TOp, { type: 'provider' }>) {
    const ctx = this.app.ctx;
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
  }

  private feedMarket(run: TRun, event: number, type: string, outcomes?: { winner: number; voided: boolean }) {
    const market = outcomes
      ? {
          id: 1,
          specifiers: '',
          outcomes: [0, 1, 2].map((o) => ({
            id: String(o + 1),
            result: o === outcomes.winner ? 1 : 0,
            ...(outcomes.voided && o === outcomes.winner ? { void_factor: 1 } : {}),
          })),
        }
      : { id: 1, specifiers: '' };
    return this.feed.ok({ type, event_id: run.events[event], markets: [market] });
  }

  /** The first of the player's bets with a cash-out offer, cashed out at the quoted value. */
  private async cashout(run: TRun, p: number) {
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
  }

  /** One of the withdrawals nobody acted on yet (it is acted on now, so it leaves the list). */
  private takeWithdrawal(run: TRun, index: number) {
    return run.withdrawals.splice(index % Math.max(1, run.withdrawals.length), 1)[0];
  }

  private async apply(run: TRun, o: TOp): Promise<void> {
    const player = 'p' in o ? run.players[o.p]! : undefined;
    const client = player?.client;
    switch (o.type) {
      case 'deposit':
        return this.deposit(run, o.p, o.cents);
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
        return this.providerRound(run, player!, o);
      case 'grant':
        await this.submit(
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
        refusal('buy', await client!.post('loyalty.buyproduct', { id: this.products[o.product] }));
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
        await this.submit(
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
        await this.feedMarket(run, o.event, 'bet_settlement', o);
        return;
      case 'unsettle':
        await this.feedMarket(run, o.event, 'rollback_bet_settlement');
        return;
      case 'cancelMarket':
        await this.feedMarket(run, o.event, 'bet_cancel');
        return;
      case 'cashout':
        return this.cashout(run, o.p);
      case 'adjust':
        // A debit beyond the balance is refused by the ledger (an amount error): nothing moves.
        await this.submit(
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
        if (cents >= 2_000) await this.apply(run, { type: 'withdraw', p: o.p, cents, burn: true });
        return;
      }
      case 'review': {
        const w = this.takeWithdrawal(run, o.index);
        if (w)
          await this.submit(
            '/admin/withdrawals',
            `/admin/withdrawals/${w.id}/${o.approve ? 'approve' : 'decline'}`,
            o.approve ? {} : { reason: 'Card holder does not match' },
            o.approve ? /ok=approved/ : /ok=declined/,
          );
        return;
      }
      case 'cancelWithdrawal': {
        const w = this.takeWithdrawal(run, o.index);
        if (w)
          refusal(
            'cancel withdrawal',
            await run.players[w.p]!.client.post('cashier.cancelwithdrawal', { transaction_id: w.id }),
          );
        return;
      }
    }
  }
}
