/**
 * The bet pipeline's plug-ins. Every bet source (games.play, the shared tables, the seamless-wallet API, the
 * sportsbook) moves its money in one transaction that locks the player once; in that same transaction the
 * pipeline applies every registered consequence (wagering, loyalty points, tournament scores, jackpot shares…) to
 * the movements, as ONE statement: each consequence is a data-modifying CTE over the `bet_events` relation, so
 * adding one adds no round trip. After commit, each consequence's optional hook runs (notifications, bus events).
 *
 * Idempotency comes from the pipeline: an event reaches the consequences only in the transaction that first records
 * its transaction id (a repeated call is answered from the wallet's record and applies nothing), and a rollback is
 * its own event, which a consequence undoes its bet with.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { sqlText } from '../../platform/db/sql-literal.ts';
import { BET_EVENT_COLUMNS, betEventsJson, type TBetEvent, type TBetEventKind } from './bet-event.ts';
import { SettlementConsequences } from './settlement-consequences.ts';

export interface TBetConsequence {
  /** Lower-case letters, digits and underscores; names its CTE. */
  name: string;
  /**
   * One set-based statement over `bet_events` (BET_EVENT_COLUMNS) answering a row per change it made
   * (`… returning 1`, or a select). No trailing semicolon, no parameters: it reads only `bet_events`.
   */
  statement: string;
  /** The kinds of movement it reads (default all): a movement no consequence reads costs nothing. */
  kinds?: readonly TBetEventKind[];
  /**
   * Optional, synchronous (it runs inside the bet's transaction) and conservative: false only when the statement
   * changes nothing for this event, e.g. no jackpot the stake can feed, judged on a copy of the consequence's own
   * configuration kept in memory. A batch that no event of applies to leaves the consequence out of the statement
   * (a bet that nothing can touch sends no work); the events still all reach the statements that do run.
   */
  appliesTo?(event: TBetEvent): boolean;
  /**
   * Optional, synchronous and conservative, like `appliesTo` but for a movement of this kind that arrives alone (a
   * provider's win or rollback call): false when such a movement can change nothing, so the call needs no second
   * round trip (e.g. a win, when the statement only counts wins that arrive with their stake).
   */
  readsAlone?(kind: TBetEventKind): boolean;
  /** Brings what `appliesTo` reads up to date; bet sources call it (through `refresh`) before the transaction. */
  refresh?(): Promise<void>;
  /**
   * Optional: an SQL expression over the consequence's own CTE `c_<name>` (its statement's returned rows), e.g.
   * `(select array_agg(player_id) from c_x where due)`, that the statement answers as `r_<name>` and that
   * `afterCommit` receives, so the hook needs no query of its own to learn what the statement did.
   */
  report?: string;
  /**
   * After commit: never moves money; a failure is reported, the bet stands. `report`: the value of `report` for
   * this batch, or undefined when the bet source had none to give (the hook then finds out for itself).
   */
  afterCommit?(events: readonly TBetEvent[], report?: unknown): Promise<void>;
}

/** What the consequences' statement answered: `applied` and each included consequence's `r_<name>`. */
export type TBetReport = Record<string, unknown>;

const NAME = /^[a-z][a-z0-9_]{0,40}$/;

const readsKind = (c: TBetConsequence, kind: TBetEventKind) => !c.kinds || c.kinds.includes(kind);

/** A pooled connection (pg's PoolClient): it keeps the statements prepared on it for its lifetime. */
export interface TPreparingClient {
  query(text: string): Promise<unknown>;
}

/** The statement text with its one parameter written as `$1`, and a name that changes with the text. */
interface TComposed {
  text: string;
  name: string;
}

export class BetPipeline {
  readonly #consequences: TBetConsequence[] = [];
  /** What runs when a bet that settles later (the sportsbook) settles, in the settlement's transaction. */
  readonly settlements = new SettlementConsequences((error, name) => this.reportError(error, name));
  /** The composed statements each pooled connection has prepared. */
  readonly #preparedOn = new WeakMap<TPreparingClient, Set<string>>();
  /** The composed statement of each set of consequences that a batch needed (at most 2^n, usually a few). */
  readonly #composed = new Map<string, TComposed>();
  /** Off: no consequence runs (the benchmark's "off" case measures the pipeline without plug-ins). */
  enabled = true;
  /** When set, only the consequences named (a benchmark measures them one at a time). */
  only: ReadonlySet<string> | null = null;
  /**
   * The catalogue's kind of a game as last read (the games module sets it; consequences weigh bets by it). It is
   * synchronous because it runs inside a bet's transaction, where PGlite's one connection is taken.
   */
  gameKindOf: (sysname: string) => string = () => 'unknown';
  /** Brings that copy of the catalogue up to date (the games module sets it). */
  refreshGames: () => Promise<void> = async () => undefined;
  /** Where an after-commit failure is reported (the app's logger). */
  reportError: (error: unknown, consequence: string) => void = () => undefined;

  register(consequence: TBetConsequence) {
    if (!NAME.test(consequence.name)) throw new Error(`bad consequence name: ${consequence.name}`);
    if (this.#consequences.some((c) => c.name === consequence.name))
      throw new Error(`consequence registered twice: ${consequence.name}`);
    this.#consequences.push(consequence);
    this.#composed.clear();
  }

  /**
   * Brings the catalogue's copy and each consequence's copy of its configuration up to date; a bet source calls it
   * before its transaction opens (inside it, PGlite's one connection is taken).
   */
  async refresh() {
    if (!this.isActive) return;
    await Promise.all([this.refreshGames(), ...this.#running().map((c) => c.refresh?.())]);
  }

  get names() {
    return this.#consequences.map((c) => c.name);
  }

  /** True when a bet's transaction has consequences to apply. */
  get isActive() {
    return this.enabled && this.#consequences.length > 0;
  }

  /**
   * True when some consequence reads a movement of this kind arriving alone (else a provider's win or rollback
   * needs no second round trip).
   */
  isActiveFor(kind: TBetEventKind) {
    return (
      this.isActive &&
      this.#running().some((c) => readsKind(c, kind) && (!c.readsAlone || c.readsAlone(kind)))
    );
  }

  /** The consequences that run: every registered one, or the benchmark's `only` set. */
  #running() {
    const only = this.only;
    return only ? this.#consequences.filter((c) => only.has(c.name)) : this.#consequences;
  }

  /**
   * The consequences that some of the events concern (by kind, then by `appliesTo`), leaving out one that reads none
   * of the batch's kinds alone when the batch holds nothing else (a settlement's wins without their stakes).
   */
  #concerned(events: readonly TBetEvent[]) {
    if (!this.isActive) return [];
    const kinds = [...new Set(events.map((e) => e.kind))];
    return this.#running().filter(
      (c) =>
        (!c.readsAlone || kinds.some((k) => c.readsAlone?.(k))) &&
        events.some((e) => readsKind(c, e.kind) && (!c.appliesTo || c.appliesTo(e))),
    );
  }

  /** The statement of these consequences over `$1`, composed once per set. */
  #compose(consequences: readonly TBetConsequence[]): TComposed {
    const key = consequences.map((c) => c.name).join(',');
    let composed = this.#composed.get(key);
    if (!composed) {
      const ctes = consequences.map((c) => `, c_${c.name} as (${c.statement})`).join('');
      const total = consequences.map((c) => `(select count(*) from c_${c.name})`).join(' + ');
      const reports = consequences
        .filter((c) => c.report)
        .map((c) => `, ${c.report} as r_${c.name}`)
        .join('');
      const text = `with bet_events as (select * from json_to_recordset($1::json) as e(${BET_EVENT_COLUMNS}))${ctes}
        select ${total} as applied${reports}`;
      const name = `bet_consequences_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
      composed = { text, name };
      this.#composed.set(key, composed);
    }
    return composed;
  }

  /** The statement for these events and the events it reads; null when nothing is to be applied. */
  #plan(all: readonly TBetEvent[]) {
    const consequences = this.#concerned(all);
    if (consequences.length === 0) return null;
    const events = all.filter((e) => consequences.some((c) => readsKind(c, e.kind)));
    return { composed: this.#compose(consequences), events };
  }

  /** The one statement that applies every consequence to the events given as `$1` (JSON); null when none. */
  composed(): TComposed | null {
    if (!this.isActive) return null;
    return this.#compose(this.#consequences);
  }

  /**
   * Applies every consequence the events concern inside the caller's transaction (one statement); answers the
   * statement's row for `afterCommit` (null when nothing ran).
   */
  async apply(tx: TExecutor, all: readonly TBetEvent[]): Promise<TBetReport | null> {
    const plan = this.#plan(all);
    if (!plan) return null;
    const { text } = plan.composed;
    const at = text.indexOf('$1');
    const [head, tail] = [text.slice(0, at), text.slice(at + 2)];
    const result = await tx.execute(sql`${sql.raw(head)}${betEventsJson(plan.events)}${sql.raw(tail)}`);
    return (result as unknown as { rows: TBetReport[] }).rows[0] ?? null;
  }

  /**
   * The same on a pooled PostgreSQL connection, as SQL text to send with the bet's other statements in one round
   * trip: `execute <name>('<events>')` of a statement the connection prepared once (SQL PREPARE, sent here the
   * first time a connection is used): planning the composed statement costs more than running it, and a
   * round trip of its own would cost about as much again. The events go inlined by `literal` (sqlText unless a test
   * gives its own). Null when there is nothing to apply.
   */
  async executeText(
    client: TPreparingClient,
    all: readonly TBetEvent[],
    literal: (value: string) => string = sqlText,
  ): Promise<string | null> {
    const plan = this.#plan(all);
    if (!plan) return null;
    const { composed, events } = plan;
    let prepared = this.#preparedOn.get(client);
    if (!prepared) {
      prepared = new Set();
      this.#preparedOn.set(client, prepared);
    }
    if (!prepared.has(composed.name)) {
      await client.query(`prepare ${composed.name}(json) as ${composed.text}`);
      prepared.add(composed.name);
    }
    return `execute ${composed.name}(${literal(betEventsJson(events))})`;
  }

  /**
   * After commit: each consequence's hook, with its `r_<name>` from `report` (the row the statement answered; none
   * when the bet source did not keep it); failures are reported and never undo the bet.
   */
  async afterCommit(events: readonly TBetEvent[], report?: TBetReport | null) {
    if (!this.isActive || events.length === 0) return;
    // Only the running ones: a consequence left out by `only` has no report, and its hook would take that for
    // "every player of the batch" (the benchmark measured that hook as the pipeline's own cost).
    for (const consequence of this.#running()) {
      const read = events.filter((e) => !consequence.kinds || consequence.kinds.includes(e.kind));
      if (!consequence.afterCommit || read.length === 0) continue;
      const key = `r_${consequence.name}`;
      try {
        await consequence.afterCommit(read, report && key in report ? report[key] : undefined);
      } catch (error) {
        this.reportError(error, consequence.name);
      }
    }
  }
}
