/**
 * The browser's own check of a round (independent of the server's word): WebCrypto SHA-256 of the revealed
 * server seed against the commitment, WebCrypto HMAC-SHA256 floats by the published scheme, and a replay of the
 * recorded actions through the same pure engines, compared with the recorded outcome and win.
 */
import { blackjackEngine } from '@casino/games/casino/blackjack';
import { rouletteEngine } from '@casino/games/casino/roulette';
import type { TGameEngine } from '@casino/games/core/engine';
import { deriveFloatsAsync } from '@casino/games/fair/floats';
import { crashEngine } from '@casino/games/fast/crash';
import { diceEngine } from '@casino/games/fast/dice';
import { minesEngine } from '@casino/games/fast/mines';
import { hiloEngine } from '@casino/games/high-low/hilo';
import { kenoEngine } from '@casino/games/logical/keno';
import { plinkoEngine } from '@casino/games/logical/plinko';
import { SLOT_DEFINITIONS, slotEngines } from '@casino/games/slot/slots';

// biome-ignore lint/suspicious/noExplicitAny: engines of every state and action type
type TAnyEngine = TGameEngine<any, any, any>;
const ENGINES = new Map<string, TAnyEngine>(
  [
    ...slotEngines,
    rouletteEngine,
    blackjackEngine,
    diceEngine,
    crashEngine,
    minesEngine,
    hiloEngine,
    kenoEngine,
    plinkoEngine,
  ].map((e) => [e.id, e as TAnyEngine]),
);
export const VERIFIABLE_GAMES = ['live-roulette', ...ENGINES.keys()];

const encoder = new TextEncoder();
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

export const sha256Hex = async (text: string) =>
  hex(await crypto.subtle.digest('SHA-256', encoder.encode(text)));

/** HMAC-SHA256 with WebCrypto; the key is imported once per server seed. */
export const webHmac = () => {
  const keys = new Map<string, Promise<CryptoKey>>();
  return async (key: string, message: string) => {
    let k = keys.get(key);
    if (!k) {
      k = crypto.subtle.importKey('raw', encoder.encode(key), { name: 'HMAC', hash: 'SHA-256' }, false, [
        'sign',
      ]);
      keys.set(key, k);
    }
    return new Uint8Array(await crypto.subtle.sign('HMAC', await k, encoder.encode(message)));
  };
};

export const computeFloats = (serverSeed: string, clientSeed: string, nonce: number, count: number) =>
  deriveFloatsAsync(webHmac(), serverSeed, clientSeed, nonce, count);

/** The bytes behind a float, for display: b0 b1 b2 b3 = floor(float × 2³²) big-endian. */
export const floatBytes = (float: number) => {
  const u = Math.floor(float * 2 ** 32);
  return [u >>> 24, (u >>> 16) & 255, (u >>> 8) & 255, u & 255];
};

/** The standard mappings of the scheme, on the first floats. */
export const standardMappings = (game: string, floats: number[]) => {
  const f0 = floats[0] ?? 0;
  const slot = SLOT_DEFINITIONS.find((s) => s.id === game);
  if (slot)
    return slot.reels.map(
      (strip, i) =>
        `reel ${i + 1} stop = floor(${(floats[i] ?? 0).toFixed(8)} × ${strip.length}) = ${Math.floor((floats[i] ?? 0) * strip.length)}`,
    );
  switch (game) {
    case 'dice':
      return [`roll = floor(${f0.toFixed(8)} × 10001) / 100 = ${(Math.floor(f0 * 10001) / 100).toFixed(2)}`];
    case 'roulette':
    case 'live-roulette':
      return [`pocket = floor(${f0.toFixed(8)} × 37) = ${Math.floor(f0 * 37)}`];
    case 'hilo':
      return floats
        .slice(0, 3)
        .map((f, i) => `card ${i} = floor(${f.toFixed(8)} × 52) = ${Math.floor(f * 52)}`);
    case 'plinko':
      return [
        `path = ${floats
          .slice(0, 16)
          .map((f) => (f >= 0.5 ? 'R' : 'L'))
          .join('')} (right when float ≥ 0.5)`,
      ];
    case 'crash': {
      const u = f0 * 2 ** 32;
      return [
        `crash = max(100, floor(99·2³² / (2³² − ${Math.floor(u)}))) = ${Math.max(100, Math.floor((99 * 2 ** 32) / (2 ** 32 - u)))} hundredths`,
      ];
    }
    default:
      return [];
  }
};

/** Record actions carry cents as text; the engines want bigint stakes and amounts. */
export const actionFromRecord = (action: unknown): unknown => {
  if (Array.isArray(action)) return action.map(actionFromRecord);
  if (action && typeof action === 'object')
    return Object.fromEntries(
      Object.entries(action).map(([k, v]) => [
        k,
        (k === 'stake' || k === 'amount') && (typeof v === 'string' || typeof v === 'number')
          ? BigInt(v)
          : actionFromRecord(v),
      ]),
    );
  return action;
};

/** The server's wire form (bigint cents → major units, ratios → 4-decimal numbers), to compare like for like. */
export const toWire = (value: unknown): unknown => {
  if (typeof value === 'bigint') return Number(value) / 100;
  if (Array.isArray(value)) return value.map(toWire);
  if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 2 && typeof o.num === 'bigint' && typeof o.den === 'bigint')
      return o.den === 0n ? 0 : Number((o.num * 10_000n) / o.den) / 10_000;
    return Object.fromEntries(keys.map((k) => [k, toWire(o[k])]));
  }
  return value;
};

const sameJson = (a: unknown, b: unknown): boolean => {
  if (typeof a === 'number' && typeof b === 'number') return Math.abs(a - b) < 1e-9;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a).sort();
    const kb = Object.keys(b).sort();
    return (
      sameJson(ka, kb) &&
      ka.every((k) => sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    );
  }
  return a === b;
};

export interface TReplay {
  outcome: unknown;
  win: number;
  finished: boolean;
  floatsUsed: number;
}

/** Replays the recorded actions on floats computed here; more floats are derived until the round has enough. */
export const replayRound = async (input: {
  game: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  actions: unknown[];
}): Promise<TReplay> => {
  if (input.game === 'live-roulette') {
    const [f0] = await computeFloats(input.serverSeed, input.clientSeed, input.nonce, 1);
    const pocket = Math.floor((f0 ?? 0) * 37);
    return { outcome: { pocket }, win: Number.NaN, finished: true, floatsUsed: 1 };
  }
  const engine = ENGINES.get(input.game);
  if (!engine) throw new Error(`unknown game ${input.game}`);
  for (let count = 64; count <= 8192; count *= 2) {
    const floats = await computeFloats(input.serverSeed, input.clientSeed, input.nonce, count);
    let used = 0;
    const stream = {
      at(i: number) {
        const v = floats[i];
        if (v === undefined) throw new RangeError('more floats');
        used = Math.max(used, i + 1);
        return v;
      },
    };
    try {
      let state: unknown = null;
      let step: { outcome: unknown; win: bigint; finished: boolean; state: unknown } | null = null;
      for (const action of input.actions) {
        step = engine.step(state, actionFromRecord(action), stream);
        state = step.state;
      }
      if (!step) throw new Error('no actions');
      return {
        outcome: toWire(step.outcome),
        win: Number(step.win) / 100,
        finished: step.finished,
        floatsUsed: used,
      };
    } catch (error) {
      if (!(error instanceof RangeError && error.message === 'more floats')) throw error;
    }
  }
  throw new Error('the round needs more floats than a browser check derives');
};

/** Whether the replay agrees with what the server recorded (live rounds compare the pocket). */
export const matchesRecord = (replay: TReplay, record: { outcome: unknown; win: number; game: string }) => {
  if (record.game === 'live-roulette') {
    const pocket = (record.outcome as { pocket?: number; result?: { pocket?: number } } | null)?.pocket;
    return pocket === undefined || pocket === (replay.outcome as { pocket: number }).pocket;
  }
  return sameJson(replay.outcome, record.outcome) && Math.abs(replay.win - record.win) < 0.005;
};
