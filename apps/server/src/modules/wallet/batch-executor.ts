/**
 * The batch executor on PostgreSQL (docs/decisions/037-micro-batched-bets.md): the wallet jobs (bets, wins,
 * rollbacks) that arrive while the database is busy with earlier ones go together in ONE transaction of two round
 * trips: every job's opening (each locks its player) with `begin`, one wallet_open_many call when every job is a
 * bet; then every job's statements, merged where they share a kind (statements.ts: one wallet_round_many for the
 * rounds), the bet pipeline's consequences for all their movements (one statement) and `commit`. Once committed, a
 * batch answers its jobs first and runs the pipeline's after-commit hooks after (docs/decisions/045).
 *
 * It only decides how statements are sent: each job decides what it sends (place-bet.ts, wallet-service.ts), the
 * same statements as when it runs on its own (executors.ts). Every job stays all or nothing: when anything in a batch
 * fails (a refusal, insufficient funds, a lost connection), the batch rolls back and each job runs again on its
 * own, where a refusal reaches only its caller. A job with no company runs on its own at once.
 *
 * Lock order: a player has at most one job in flight and a batch locks its players in id order, so batches never
 * wait on one another, and a batch and a settlement (wallet_win_many, also in id order) cannot deadlock.
 */
import type pg from 'pg';
import { inSpan } from '../../platform/observability/tracing.ts';
import { executorOf, onClient, runSingle, send, type TJobStep, type TWalletJob } from './executors.ts';
import type { TWalletContext } from './sessions.ts';
import { mergeStatements, openManyText, openText, type TOpenCall } from './statements.ts';
import { json, publishApplied, walletErrorOf } from './wallet-movements.ts';

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
  job: TWalletJob<unknown>;
  playerId: number;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** The span of a wallet executor's transaction (tracing on), and its attribute naming the executor. */
const TRANSACTION_SPAN = 'wallet.transaction';
const EXECUTOR = 'casino.wallet.executor';

/** A job in a transaction of its own, then its hooks and its player's balances; refusals as wallet errors. */
export const runOnItsOwn = async <T>(ctx: TWalletContext, job: TWalletJob<T>): Promise<T> => {
  let done: Awaited<ReturnType<typeof runSingle<T>>>;
  const started = performance.now();
  try {
    done = await inSpan(TRANSACTION_SPAN, { [EXECUTOR]: 'single' }, () => runSingle(ctx, job));
  } catch (error) {
    throw walletErrorOf(error);
  } finally {
    ctx.metrics?.walletTransaction('single', 1, (performance.now() - started) / 1000);
  }
  await publishApplied(ctx, done.published, done.events, done.report);
  return done.value;
};

/**
 * One batch in flight at a time: the jobs that arrive meanwhile wait and go together, which is what saves the
 * database's CPU. Two exceptions start another batch beside it (the measurements: docs/decisions/038, 045):
 * - FULL_BATCH jobs are ready and fewer than FULL_IN_FLIGHT batches run: the ready jobs would already share a
 *   transaction well, and a second core runs it while the first batch is in the server's hands;
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

export class BatchExecutor {
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
   * held, and batches that failed and sent their jobs back to run on their own.
   */
  readonly stats = { jobs: 0, batches: 0, batchedJobs: 0, fallbacks: 0, batchMs: 0 };

  constructor(ctx: TWalletContext, pool: pg.Pool) {
    this.#ctx = ctx;
    this.#pool = pool;
  }

  /** Runs the job, in a batch when others are waiting with it. */
  async run<T>(job: TWalletJob<T>): Promise<T> {
    const { session } = job;
    const playerId = session === null ? null : (this.#players.get(session) ?? (await this.#lookUp(session)));
    if (playerId === null) return runOnItsOwn(this.#ctx, job);
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({
        job: job as TWalletJob<unknown>,
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
    if (taken.length === 1) return this.#eachOnItsOwn(taken);
    this.stats.batches++;
    this.stats.batchedJobs += taken.length;
    taken.sort((a, b) => a.playerId - b.playerId);
    let settled: TSettled | null;
    const at = performance.now();
    try {
      const attributes = { [EXECUTOR]: 'batch', 'casino.wallet.jobs': taken.length };
      settled = await inSpan(TRANSACTION_SPAN, attributes, () => this.#batch(taken));
      this.stats.batchMs += performance.now() - at;
    } catch {
      settled = null;
    }
    this.#ctx.metrics?.walletTransaction('batch', taken.length, (performance.now() - at) / 1000);
    if (settled) {
      progress.committed();
      await settled.answer();
      progress.answered();
      await settled.hooks();
    } else {
      this.stats.fallbacks++;
      await this.#eachOnItsOwn(taken);
    }
  }

  /** Each job in its own transaction, side by side. */
  async #eachOnItsOwn(taken: TQueued[]) {
    await Promise.all(taken.map((q) => runOnItsOwn(this.#ctx, q.job).then(q.resolve, q.reject)));
  }

  /** The batch's transaction; answers what to do once it committed, or throws and leaves nothing behind. */
  async #batch(taken: TQueued[]): Promise<TSettled> {
    return onClient(this.#pool, async (client) => {
      const openMany = taken.every((q) => q.job.opening.open);
      const own = mergeStatements(
        taken.map(({ job: { opening } }) => [
          ...(opening.open && !openMany ? [openText(opening.open)] : []),
          ...opening.statements,
        ]),
      );
      const many = openMany ? [openManyText(taken.map((q) => q.job.opening.open as TOpenCall))] : [];
      const opened = await send(client, `begin; ${[...many, ...own.texts].join('; ')}`);
      // wallet_open_many's answer: each bet's as wallet_open answers it, in the jobs' order.
      const openAnswers = openMany ? json<unknown[]>(opened[1]?.[0]?.result) : [];
      const ownRows = own.rowsOf(opened.slice(1 + many.length));
      const steps: { queued: TQueued; step: TJobStep<unknown> }[] = [];
      // A refusal (the guard, a repeat of a used id) sends the batch back: a job's opening may have written (a
      // round's nonce), and on its own its refusal undoes that, as it always did.
      for (const [i, queued] of taken.entries()) {
        const rows = [...(openMany ? [[{ result: openAnswers[i] }]] : []), ...(ownRows[i] ?? [])];
        steps.push({ queued, step: await queued.job.next(executorOf(client), rows) });
      }
      const events = steps.flatMap((s) => s.step.events);
      const consequences = await this.#ctx.bets.executeText(client, events);
      const merged = mergeStatements(steps.map((s) => s.step.statements));
      const results = await send(
        client,
        [...merged.texts, ...(consequences ? [consequences] : []), 'commit'].join('; '),
      );
      const report = consequences ? (results[merged.texts.length]?.[0] ?? null) : null;
      return {
        answer: async () => {
          const jobRows = merged.rowsOf(results.slice(0, merged.texts.length));
          for (const [i, { queued, step }] of steps.entries()) {
            try {
              const { value, published } = step.answer(jobRows[i] ?? []);
              await publishApplied(this.#ctx, published);
              queued.resolve(value);
            } catch (error) {
              queued.reject(error);
            }
          }
        },
        hooks: () => this.#ctx.bets.afterCommit(events, report),
      };
    });
  }
}

const executors = new WeakMap<pg.Pool, BatchExecutor>();

/** The pool's batch executor (one per pool: its players in flight are the pool's). */
export const batchExecutorOf = (ctx: TWalletContext, pool: pg.Pool) => {
  let executor = executors.get(pool);
  if (!executor) {
    executor = new BatchExecutor(ctx, pool);
    executors.set(pool, executor);
  }
  return executor;
};
