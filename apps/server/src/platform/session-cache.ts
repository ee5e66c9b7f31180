/**
 * The sessions this instance resolved, with their player's row, so that a request needs no query to know its
 * player (docs/decisions/043). Kept only while the database's notifications are heard: a change to a player's row
 * or to a session (sql/functions/platform/notify_session_changed.sql) drops that player's entries on every instance at commit, and a lost connection
 * drops them all until it is back. A read that overlapped a drop is not kept: it may hold the row from before.
 */
import type { TDatabase } from './db/database.ts';

/** The channel notify_session_changed's triggers notify, with the player's id. */
export const SESSION_CHANNEL = 'session_player_changed';
/** An entry is read again after this long, whatever the notifications said (a backstop, not the rule). */
export const SESSION_CACHE_TTL_MS = 60_000;
/** At most this many sessions kept; the oldest go first. */
const MAX_ENTRIES = 100_000;

export interface TResolvedSession<P> {
  player: P;
  sessionId: number;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface TEntry<P> {
  value: TResolvedSession<P>;
  readAt: number;
}

/** Every cache of this process, so that a change made here reaches them before its notification does. */
const live = new Set<SessionCache<{ id: number }>>();

export class SessionCache<P extends { id: number }> {
  readonly #entries = new Map<string, TEntry<P>>();
  readonly #byPlayer = new Map<number, Set<string>>();
  #listening = false;
  /** Moves on every drop: a read that started before it is not kept. */
  #generation = 0;
  #stop: (() => Promise<void>) | null = null;

  /** Starts listening; entries are kept from the moment the database confirms. */
  listen(database: Pick<TDatabase, 'listen'>) {
    live.add(this);
    this.#stop = database.listen(SESSION_CHANNEL, {
      message: (payload) => this.forgetPlayer(Number(payload)),
      up: () => {
        this.#listening = true;
      },
      down: () => {
        this.#listening = false;
        this.forgetAll();
      },
    });
  }

  async close() {
    live.delete(this);
    this.#listening = false;
    this.forgetAll();
    await this.#stop?.();
  }

  /** The generation to hand back to `set` with what a read found. */
  get generation() {
    return this.#generation;
  }

  get(hash: string, now: Date): TResolvedSession<P> | null {
    const entry = this.#entries.get(hash);
    if (!entry) return null;
    const at = now.getTime();
    if (
      !this.#listening ||
      at - entry.readAt > SESSION_CACHE_TTL_MS ||
      entry.value.expiresAt.getTime() <= at
    ) {
      this.#delete(hash, entry.value.player.id);
      return null;
    }
    return entry.value;
  }

  /** Keeps what a read found, unless a drop happened since the read began (`generation` then moved). */
  set(hash: string, value: TResolvedSession<P>, generation: number, now: Date) {
    if (!this.#listening || generation !== this.#generation) return;
    this.#delete(hash, value.player.id);
    this.#entries.set(hash, { value, readAt: now.getTime() });
    let hashes = this.#byPlayer.get(value.player.id);
    if (!hashes) {
      hashes = new Set();
      this.#byPlayer.set(value.player.id, hashes);
    }
    hashes.add(hash);
    if (this.#entries.size > MAX_ENTRIES) {
      const [oldest, entry] = this.#entries.entries().next().value as [string, TEntry<P>];
      this.#delete(oldest, entry.value.player.id);
    }
  }

  forgetPlayer(playerId: number) {
    this.#generation++;
    for (const hash of this.#byPlayer.get(playerId) ?? []) this.#entries.delete(hash);
    this.#byPlayer.delete(playerId);
  }

  forgetAll() {
    this.#generation++;
    this.#entries.clear();
    this.#byPlayer.clear();
  }

  #delete(hash: string, playerId: number) {
    this.#entries.delete(hash);
    const hashes = this.#byPlayer.get(playerId);
    hashes?.delete(hash);
    if (hashes?.size === 0) this.#byPlayer.delete(playerId);
  }
}

/**
 * Drops a player's sessions from every cache of this process at once. Their notification follows at commit (for
 * every instance); this is for the request that follows the change on this instance, before it arrives.
 */
export const forgetPlayerSessions = (playerId: number) => {
  for (const cache of live) cache.forgetPlayer(playerId);
};
