/**
 * The one way a balance reaches the cached account: the socket's events and the balance reads offer snapshots
 * here. While a game reveals a round (reels spinning, a ball dropping), it holds the gate: the snapshots are kept,
 * the newest wins, and the last release shows it, so the header never tells a round's result before the game.
 */
import type { QueryClient } from '@tanstack/react-query';
import { applyBalance, type TBalanceSnapshot } from './balance-cache';

export interface TBalanceRelease {
  /** Another round is still being revealed: nothing was shown yet. */
  holding: boolean;
  /** The snapshot shown by this release; null when none arrived during the hold. */
  shown: TBalanceSnapshot | null;
}

export interface TBalanceGate {
  /** Shows the snapshot, or keeps it while held. A read's answer carries its ticket and loses to a newer one. */
  offer(snapshot: TBalanceSnapshot, ticket?: number): void;
  /** Take before a read starts: any snapshot offered after it makes that read's answer stale. */
  ticket(): number;
  hold(key: string): void;
  release(key: string): TBalanceRelease;
  readonly isHolding: boolean;
}

export const createBalanceGate = (client: QueryClient): TBalanceGate => {
  const holds = new Set<string>();
  let kept: TBalanceSnapshot | null = null;
  let seq = 0;
  return {
    offer(snapshot, ticket) {
      if (ticket !== undefined && ticket !== seq) return;
      seq += 1;
      if (holds.size > 0) kept = snapshot;
      else applyBalance(client, snapshot);
    },
    ticket: () => seq,
    hold(key) {
      holds.add(key);
    },
    release(key) {
      if (!holds.delete(key) || holds.size > 0) return { holding: holds.size > 0, shown: null };
      const shown = kept;
      kept = null;
      if (shown) applyBalance(client, shown);
      return { holding: false, shown };
    },
    get isHolding() {
      return holds.size > 0;
    },
  };
};

const gates = new WeakMap<QueryClient, TBalanceGate>();

/** The gate of this query client (one per page: the socket and the games share it). */
export const balanceGateOf = (client: QueryClient): TBalanceGate => {
  let gate = gates.get(client);
  if (!gate) {
    gate = createBalanceGate(client);
    gates.set(client, gate);
  }
  return gate;
};
