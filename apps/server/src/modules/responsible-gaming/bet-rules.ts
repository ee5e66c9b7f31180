/**
 * What every stake is checked against: the exclusion in force and both limits. Read under the player's lock in
 * the bet's transaction, and kept per process (RULES_TTL_MS at most) because they change rarely: every change of
 * them goes through this module, which publishes RG_CHANGED, and every instance drops that player's copy.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { activeExclusionQuery, exclusionOf, type TExclusion, type TExclusionRow } from './exclusions.ts';
import { limitsOf, limitsQuery, type TLimitKind, type TLimitRow } from './limits.ts';

/** Published (payload { uid }) when a player's exclusion or limits change. */
export const RG_CHANGED = 'responsible_gaming.changed';
/** A backstop should a bus message be lost: a copy is read again after this long. */
export const RULES_TTL_MS = 60_000;
const MAX_PLAYERS = 100_000;

type TRuleRow = (TExclusionRow | { type: null; period: null; ends_at: null }) &
  TLimitRow & { kind: TLimitKind | null };
interface TRules {
  readAt: number;
  /** The exclusion that was in force when read (the one that ends last); it stops applying when it ends. */
  exclusion: TExclusion | null;
  limitRows: TRuleRow[];
}

/** The copies of one database's rules (ctx.db is the key; a transaction reads through it). */
export class BetRulesCache {
  readonly #rules = new Map<number, TRules>();

  forget(playerId: number) {
    this.#rules.delete(playerId);
  }

  /** The exclusion and limits in force at `now`, read with `tx` when there is no fresh copy. */
  async read(tx: TExecutor, playerId: number, now: Date) {
    let rules = this.#rules.get(playerId);
    const at = now.getTime();
    if (!rules || at < rules.readAt || at - rules.readAt >= RULES_TTL_MS) {
      const rows = await queryRows<TRuleRow>(
        tx,
        sql`select x.type, x.period, x.ends_at, l.kind, l.period_days, l.amount, l.pending_period_days,
                   l.pending_amount, l.pending_remove, l.pending_effective_at
            from (select 1) one
            left join lateral (${activeExclusionQuery(playerId, now)}) x on true
            left join lateral (${limitsQuery(playerId)}) l on true`,
      );
      rules = { readAt: at, exclusion: exclusionOf(rows[0]), limitRows: rows };
      this.#rules.delete(playerId);
      this.#rules.set(playerId, rules);
      if (this.#rules.size > MAX_PLAYERS) this.#rules.delete(this.#rules.keys().next().value as number);
    }
    const { exclusion } = rules;
    const inForce =
      exclusion && (exclusion.until === null || exclusion.until.getTime() > at) ? exclusion : null;
    return { exclusion: inForce, limits: limitsOf(rules.limitRows, now) };
  }
}

const caches = new WeakMap<TExecutor, BetRulesCache>();
export const betRulesOf = (db: TExecutor) => {
  let cache = caches.get(db);
  if (!cache) {
    cache = new BetRulesCache();
    caches.set(db, cache);
  }
  return cache;
};
