/**
 * The producers' state and their recovery (docs: "Alive", "Disconnection handling and recovery", "Recovery using
 * API"). Each producer (1 = LO live, 3 = Ctrl pre-match) sends `alive` every 10 s. A producer is down from the
 * start, when no alive came for `aliveTimeoutMs` (20 s, the SDKs' default), when an alive says subscribed="0", or
 * when the connection drops; a down producer is recovered with `after` = the timestamp of its last alive processed
 * while it was up (every message before that alive was processed: the docs' rule), a full recovery when there is
 * none or it is older than the producer's recovery window, and it is up again at the `snapshot_complete` carrying
 * that recovery's request_id. The book suspends live markets on `producerDown`.
 */
import type { TAlive, TSnapshotComplete } from './message-types.ts';
import type { TRecoveryRequest } from './rest-client.ts';

export type TDownReason = 'startup' | 'alive_timeout' | 'unsubscribed' | 'disconnected';

export interface TProducerState {
  product: number;
  up: boolean;
  /** Why it is down (while it is). */
  reason?: TDownReason;
  /** Local clock (ms) of the last alive of any kind: the connection is live. */
  lastAliveAt?: number;
  /** Feed timestamp of the last alive processed while up: the next recovery's `after`. */
  lastProcessed?: number;
  recovery?: { requestId: number; requestedAt: number; after?: number; failed?: boolean };
}

export interface TProducerMonitorOptions {
  products?: readonly number[];
  clock: { now(): Date };
  aliveTimeoutMs?: number;
  requestRecovery: (request: TRecoveryRequest) => Promise<unknown>;
  nodeId?: number;
  /** Where each producer's last processed alive was (a restart's, if kept). */
  lastProcessed?: Record<number, number>;
  /** How far back `after` may reach (docs: 10 h for LO, 72 h for the others). */
  recoveryWindowMs?: (product: number) => number;
  /** A recovery not completed in this long is requested again (default 15 min); a refused one after `retryMs`. */
  recoveryTimeoutMs?: number;
  retryMs?: number;
}

const HOUR = 3_600_000;
const defaultWindow = (product: number) => (product === 1 ? 10 * HOUR : 72 * HOUR);

type TListener = (product: number, reason?: TDownReason) => void;

export const createProducerMonitor = (options: TProducerMonitorOptions) => {
  const products = options.products ?? [1, 3];
  const aliveTimeoutMs = options.aliveTimeoutMs ?? 20_000;
  const recoveryTimeoutMs = options.recoveryTimeoutMs ?? 15 * 60_000;
  const retryMs = options.retryMs ?? 30_000;
  const windowOf = options.recoveryWindowMs ?? defaultWindow;
  const now = () => options.clock.now().getTime();
  const states = new Map<number, TProducerState>(
    products.map((product) => {
      const lastProcessed = options.lastProcessed?.[product];
      return [
        product,
        { product, up: false, reason: 'startup', ...(lastProcessed === undefined ? {} : { lastProcessed }) },
      ];
    }),
  );
  const listeners = { producerDown: new Set<TListener>(), producerUp: new Set<TListener>() };
  let connected = false;
  let lastRequestId = 0;

  const emit = (event: keyof typeof listeners, product: number, reason?: TDownReason) => {
    for (const listener of listeners[event]) listener(product, reason);
  };

  const markDown = (state: TProducerState, reason: TDownReason) => {
    const wasUp = state.up;
    state.up = false;
    state.reason = reason;
    delete state.recovery;
    if (wasUp) emit('producerDown', state.product, reason);
  };

  const recover = async (state: TProducerState) => {
    const at = now();
    const requestId = Math.max(lastRequestId + 1, at);
    lastRequestId = requestId;
    const after =
      state.lastProcessed !== undefined && at - state.lastProcessed < windowOf(state.product)
        ? state.lastProcessed
        : undefined;
    state.recovery = { requestId, requestedAt: at, ...(after === undefined ? {} : { after }) };
    try {
      await options.requestRecovery({
        product: state.product,
        requestId,
        ...(after === undefined ? {} : { after }),
        ...(options.nodeId === undefined ? {} : { nodeId: options.nodeId }),
      });
    } catch {
      // Refused or unreachable: asked again after retryMs (tick).
      if (state.recovery?.requestId === requestId) state.recovery.failed = true;
    }
  };

  /** Every producer that is down and has no recovery under way (or a stale or failed one) is recovered. */
  const recoverDown = async () => {
    if (!connected) return;
    const at = now();
    const due = [...states.values()].filter(
      (s) =>
        !s.up &&
        (!s.recovery ||
          (s.recovery.failed && at - s.recovery.requestedAt >= retryMs) ||
          at - s.recovery.requestedAt >= recoveryTimeoutMs),
    );
    await Promise.all(due.map(recover));
  };

  return {
    on(event: keyof typeof listeners, listener: TListener) {
      listeners[event].add(listener);
      return () => listeners[event].delete(listener);
    },
    state: (product: number): TProducerState | undefined => {
      const state = states.get(product);
      return state && structuredClone(state);
    },
    isUp: (product: number) => states.get(product)?.up ?? false,

    /** The connection is up (again): every down producer is recovered. */
    async connected() {
      connected = true;
      await recoverDown();
    },
    /** The connection dropped: every producer is down until its recovery completes. */
    disconnected() {
      connected = false;
      for (const state of states.values()) markDown(state, 'disconnected');
    },

    /** An alive or snapshot_complete off the feed. Messages of products not watched are ignored. */
    async handle(message: TAlive | TSnapshotComplete) {
      const state = states.get(message.product);
      if (!state) return;
      if (message.type === 'snapshot_complete') {
        if (state.up || state.recovery?.requestId !== message.requestId) return;
        state.up = true;
        // It came over the connection: the silence the watchdog measures starts here.
        state.lastAliveAt = now();
        delete state.reason;
        delete state.recovery;
        emit('producerUp', state.product);
        return;
      }
      state.lastAliveAt = now();
      if (!message.subscribed) {
        markDown(state, 'unsubscribed');
        await recoverDown();
      } else if (state.up) {
        state.lastProcessed = message.timestamp;
      } else if (!state.recovery) {
        await recoverDown();
      }
    },

    /** Run every second or so: a producer silent for aliveTimeoutMs goes down; stale recoveries are retried. */
    async tick() {
      const at = now();
      for (const state of states.values()) {
        if (state.up && at - (state.lastAliveAt ?? 0) > aliveTimeoutMs) markDown(state, 'alive_timeout');
      }
      await recoverDown();
    },
  };
};

export type TProducerMonitor = ReturnType<typeof createProducerMonitor>;
