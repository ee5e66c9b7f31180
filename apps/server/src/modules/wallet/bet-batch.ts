/**
 * Micro-batched bets on PostgreSQL (docs/decisions/037-micro-batched-bets.md). The bets, wins and rounds that
 * arrive while the database is busy with earlier ones go together in ONE transaction of two round trips: every
 * job's opening statements (each locks its player) with `begin`; then every job's money statements, the bet
 * pipeline's consequences for all their movements (one statement) and `commit`. A batch of bets opens with one
 * wallet_open_many call, and its rounds' money moves in one wallet_round_many call (docs/decisions/044). On this kind of machine a round
 * trip and a commit cost about as much as a bet's own SQL, so four bets together cost the database about what
 * two alone do. Once committed, a batch answers its jobs first and runs the pipeline's after-commit hooks after
 * (docs/decisions/045).
 *
 * Every bet stays all or nothing. When anything in a batch fails (a refusal by the guard, insufficient funds, a lost
 * connection), the batch rolls back and each job runs again alone, on its own path and transaction, where a
 * refusal reaches only its caller. A job with no company runs alone at once: an idle server batches nothing.
 *
 * Lock order: a player has at most one job in flight and a batch locks its players in id order, so batches never
 * wait on one another, and a batch and a settlement (wallet_win_many, also in id order) cannot deadlock.
 */
import pg from 'pg';
import type { TBetEvent } from '../bets/bet-event.ts';
import type { TBetReport } from '../bets/pipeline.ts';
import { mergeStatements, type TBatchStatement, type TRows } from './batch-statements.ts';
import type { TWalletContext } from './sessions.ts';
import { json } from './wallet-movements.ts';
import {
  onClient,
  openManyText,
  openText,
  roundManyText,
  type TOpenCall,
  type TRoundCall,
} from './wallet-pool.ts';

/** What a job does in its batch once every job's opening statements ran. */
export interface TDecision<T> {
  /**
   * Its money statements (values inlined as literals), sent with the batch's second round trip; a part of a
   * statement that the batch's jobs share goes in one statement with the others' (batch-statements.ts).
   */
  statements: TBatchStatement[];
  /**
   * A round of our games: its stake, and its win when it ended at once, moved for the whole batch by one
   * wallet_round_many call after every job's statements; its answer comes to `finish` as one more statement's rows,
   * after the job's own.
   */
  round?: TRoundCall | null;
  /** Its movements, for the bet pipeline's consequences. */
  events: TBetEvent[];
  /** After commit, with its statements' rows: publishes what it must and answers the caller. */
  finish(rows: TRows[]): Promise<T>;
}

export interface TBatchJob<T> {
  /** The wallet session: it names the player (lock order, one job per player in flight). */
  session: string;
  /** Statements run with the batch's `begin` for a job that is not a bet: wallet_call (it locks the player). */
  open?: string[];
  /**
   * A bet's opening: its wallet_open's arguments and the statements that follow it (a game's prelude). When every job
   * of a batch is a bet, the batch opens them all with one wallet_open_many call (in the players' order, as the
   * wallet_open calls would lock them); else each bet sends its own wallet_open. `decide` gets the same rows either
   * way: wallet_open's answer, then the rest's.
   */
  opening?: { call: TOpenCall; rest: TBatchStatement[] };
  /**
   * In the batch's transaction after every job opened: the job's checks (queries go through `client`), then its
   * statements. Any error (a refusal too) sends the whole batch back to `alone`, where it reaches this job only.
   */
  decide(client: pg.PoolClient, opened: TRows[]): Promise<TDecision<T>>;
  /** The job in a transaction of its own (the path it takes without company, or when its batch failed). */
  alone(): Promise<T>;
}

/**
 * A committed batch: `answer` hands each job its answer; `hooks` then runs the bet pipeline's after-commit hooks,
 * which change no answer and some of which take a transaction of their own (a loyalty level's reward): the
 * batch's callers would otherwise wait for them, and with them every caller of a burst of level-ups.
 */
interface TSettled {
  answer(): Promise<void>;
  hooks(): Promise<void>;
}

interface TQueued {
  job: TBatchJob<unknown>;
  playerId: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * One batch in flight at a time: the jobs that arrive meanwhile wait and go together, which is what saves the
 * database's CPU (bench:wallet on 2 cores: 0.58 ms of PostgreSQL CPU a call with one in flight, 1.46 ms with two).
 * Two exceptions start another batch beside it:
 * - FULL_BATCH jobs are ready and fewer than FULL_IN_FLIGHT batches run: the ready jobs would already share a
 *   transaction well, and a second core runs it while the first batch is in the server's hands (its decisions,
 *   its answers). On 2 cores this beat waiting: bench:games 0.38 → 0.44 of pgbench, bench:wallet 0.70 → 0.74
 *   (docs/decisions/045; 038 had the first batch's length as a condition too, before batches freed their slot at
 *   commit);
 * - a batch still running after STALL_MS (a player's lock held by a deposit or a settlement), up to MAX_IN_FLIGHT:
 *   one slow batch does not hold every bet of the server.
 */
const FULL_BATCH = 4;
const FULL_IN_FLIGHT = 2;
const STALL_MS = 25;
const MAX_IN_FLIGHT = 4;
/** At most this many jobs share a transaction (its statement text and lock list stay small). */
const MAX_JOBS = 32;
/** Session tokens remembered with their player; past this many the memory starts again. */
const MAX_SESSIONS = 100_000;

const literal = (value: string) => pg.escapeLiteral(value);

/** A statement list's results, one per statement (pg answers a lone statement's result bare). */
const send = async (client: pg.PoolClient, text: string): Promise<TRows[]> => {
  const result = (await client.query(text)) as unknown as pg.QueryResult | pg.QueryResult[];
  return (Array.isArray(result) ? result : [result]).map((r) => r.rows as TRows);
};

export class BetBatcher {
  readonly #ctx: TWalletContext;
  readonly #pool: pg.Pool;
  readonly #queue: TQueued[] = [];
  readonly #playersInFlight = new Set<number>();
  readonly #players = new Map<string, number>();
  /** When each batch in flight started (performance.now()). */
  readonly #started = new Set<{ at: number }>();
  #stallTimer: NodeJS.Timeout | null = null;
  /**
   * Counts since start (tests and the benchmarks read them): jobs run, batches of two or more and the jobs they
   * held, and batches that failed and sent their jobs back alone.
   */
  readonly stats = { jobs: 0, batches: 0, batchedJobs: 0, fallbacks: 0, batchMs: 0 };

  constructor(ctx: TWalletContext, pool: pg.Pool) {
    this.#ctx = ctx;
    this.#pool = pool;
  }

  /** Runs the job, in a batch when others are waiting with it. */
  async run<T>(job: TBatchJob<T>): Promise<T> {
    const playerId = this.#players.get(job.session) ?? (await this.#lookUp(job.session));
    if (playerId === null) return job.alone();
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        job: job as TBatchJob<unknown>,
        playerId,
        resolve: resolve as (v: unknown) => void,
        reject,
      });
      this.#pump();
    });
  }

  async #lookUp(session: string) {
    const { rows } = await this.#pool.query<{ player_id: string }>({
      name: 'wallet_batch_session_player',
      text: 'select player_id from wallet_sessions where token = $1',
      values: [session],
    });
    const row = rows[0];
    if (!row) return null;
    if (this.#players.size >= MAX_SESSIONS) this.#players.clear();
    this.#players.set(session, Number(row.player_id));
    return Number(row.player_id);
  }

  /** True while a new batch may start: none in flight, a full one ready, or every one in flight is stalled. */
  #mayStart() {
    if (this.#started.size === 0) return true;
    if (this.#started.size >= MAX_IN_FLIGHT) return false;
    if (this.#started.size < FULL_IN_FLIGHT && this.#runnable() >= FULL_BATCH) return true;
    const now = performance.now();
    for (const batch of this.#started) if (now - batch.at < STALL_MS) return false;
    return true;
  }

  /** How many waiting jobs could go now: one per player with no job in flight. */
  #runnable() {
    const players = new Set<number>();
    for (const queued of this.#queue)
      if (!this.#playersInFlight.has(queued.playerId)) players.add(queued.playerId);
    return players.size;
  }

  /** Starts a batch of the waiting jobs whose players have none in flight, when one may start. */
  #pump() {
    while (this.#queue.length > 0 && this.#mayStart()) {
      const taken: TQueued[] = [];
      const players = new Set<number>();
      for (let i = 0; i < this.#queue.length && taken.length < MAX_JOBS; ) {
        const queued = this.#queue[i] as TQueued;
        if (this.#playersInFlight.has(queued.playerId) || players.has(queued.playerId)) {
          i++;
          continue;
        }
        players.add(queued.playerId);
        taken.push(queued);
        this.#queue.splice(i, 1);
      }
      if (taken.length === 0) break;
      const batch = { at: performance.now() };
      this.#started.add(batch);
      for (const p of players) this.#playersInFlight.add(p);
      // After a macrotask: the callers this batch answered send their next bets in a few microtasks (their own
      // awaits, the pipeline's refresh), and the next batch takes them instead of leaving without them.
      const pumpSoon = () => setImmediate(() => this.#pump());
      let answered = false;
      // Each at most once: by the time the batch ends, its players may be in flight again in another batch.
      const progress = {
        committed: () => {
          if (this.#started.delete(batch)) pumpSoon();
        },
        answered: () => {
          if (answered) return;
          answered = true;
          for (const p of players) this.#playersInFlight.delete(p);
          pumpSoon();
        },
      };
      // #start answers every job itself; this catch only keeps an unforeseen throw from going unanswered.
      void this.#start(taken, progress)
        .catch((error: unknown) => {
          for (const queued of taken) queued.reject(error);
        })
        .finally(() => {
          this.#started.delete(batch);
          progress.answered();
        });
    }
    // Jobs waiting behind a batch in flight: look again when it would count as stalled.
    if (this.#queue.length > 0 && this.#started.size > 0 && !this.#stallTimer) {
      this.#stallTimer = setTimeout(() => {
        this.#stallTimer = null;
        this.#pump();
      }, STALL_MS);
      this.#stallTimer.unref();
    }
  }

  /**
   * Runs the jobs, in one shared transaction when there are several. `committed`: that transaction committed, so
   * the next batch may start while this one answers. `answered`: every job has its answer, so its player's next
   * job may go while the bet pipeline's hooks run.
   */
  async #start(taken: TQueued[], progress: { committed(): void; answered(): void }) {
    this.stats.jobs += taken.length;
    if (taken.length === 1) return this.#alone(taken);
    this.stats.batches++;
    this.stats.batchedJobs += taken.length;
    taken.sort((a, b) => a.playerId - b.playerId);
    let settled: TSettled | null;
    const at = performance.now();
    try {
      settled = await this.#batch(taken);
      this.stats.batchMs += performance.now() - at;
    } catch {
      settled = null;
    }
    if (settled) {
      progress.committed();
      await settled.answer();
      progress.answered();
      await settled.hooks();
    } else {
      this.stats.fallbacks++;
      await this.#alone(taken);
    }
  }

  /** Each job in its own transaction, side by side. */
  async #alone(taken: TQueued[]) {
    await Promise.all(taken.map((q) => q.job.alone().then(q.resolve, q.reject)));
  }

  /** The batch's transaction; answers what to do once it committed, or throws and leaves nothing behind. */
  async #batch(taken: TQueued[]): Promise<TSettled> {
    return onClient(this.#pool, async (client) => {
      const openMany = taken.every((q) => q.job.opening);
      const own = mergeStatements(
        taken.map(({ job }) =>
          job.opening
            ? [...(openMany ? [] : [openText(job.opening.call)]), ...job.opening.rest]
            : (job.open ?? []),
        ),
      );
      const many = openMany
        ? [openManyText(taken.map((q) => (q.job.opening as { call: TOpenCall }).call))]
        : [];
      const opened = await send(client, `begin; ${[...many, ...own.texts].join('; ')}`);
      // wallet_open_many's answer: each bet's as wallet_open answers it, in the jobs' order.
      const openAnswers = openMany ? json<unknown[]>(opened[1]?.[0]?.result) : [];
      const ownRows = own.rowsOf(opened.slice(1 + many.length));
      const decided: { queued: TQueued; decision: TDecision<unknown> }[] = [];
      // A refusal (the guard, a repeat of a used id) sends the batch back: a job's opening statements may have
      // written (a game's prelude), and alone its refusal undoes them, as it always did.
      for (const [i, queued] of taken.entries()) {
        const rows = [...(openMany ? [[{ result: openAnswers[i] }]] : []), ...(ownRows[i] ?? [])];
        decided.push({ queued, decision: await queued.job.decide(client, rows) });
      }
      const events = decided.flatMap((d) => d.decision.events);
      const consequences = await this.#ctx.bets.executeText(client, events, literal);
      const merged = mergeStatements(decided.map((d) => d.decision.statements));
      const statements = [...merged.texts];
      const rounds = decided.flatMap((d) => (d.decision.round ? [d.decision.round] : []));
      if (rounds.length > 0) statements.push(roundManyText(rounds));
      const results = await send(
        client,
        [...statements, ...(consequences ? [consequences] : []), 'commit'].join('; '),
      );
      const report = consequences
        ? ((results[statements.length]?.[0] as TBetReport | undefined) ?? null)
        : null;
      // wallet_round_many's answer: each round's as wallet_round answers it, in the rounds' order.
      const roundAnswers =
        rounds.length > 0 ? (json<unknown[]>(results[statements.length - 1]?.[0]?.result) ?? []) : [];
      return {
        answer: async () => {
          const jobRows = merged.rowsOf(results.slice(0, merged.texts.length));
          let round = 0;
          for (const [i, { queued, decision }] of decided.entries()) {
            const rows = [...(jobRows[i] ?? [])];
            if (decision.round) rows.push([{ result: roundAnswers[round++] }]);
            await decision.finish(rows).then(queued.resolve, queued.reject);
          }
        },
        hooks: () => this.#ctx.bets.afterCommit(events, report),
      };
    });
  }
}

const batchers = new WeakMap<pg.Pool, BetBatcher>();

/** The pool's batcher (one per pool: its players in flight are the pool's). */
export const batcherOf = (ctx: TWalletContext, pool: pg.Pool) => {
  let batcher = batchers.get(pool);
  if (!batcher) {
    batcher = new BetBatcher(ctx, pool);
    batchers.set(pool, batcher);
  }
  return batcher;
};
