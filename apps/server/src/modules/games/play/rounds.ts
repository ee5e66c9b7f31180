/** The play_rounds record: reading it, its wire views (bigint cents → major units) and its owner. */
import { toMajor } from '@casino/contracts';
import { decodeGameJson } from '@casino/games';
import { sql } from 'drizzle-orm';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';
import type { TOwner } from './owner.ts';

export interface TRoundRow {
  id: string;
  playerId: number | null;
  visitor: string | null;
  sysname: string;
  game: string;
  engineParams: Record<string, unknown>;
  mode: 'real' | 'demo';
  pairId: number | null;
  liveRoundId: string | null;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  actions: unknown[];
  actionsText: string;
  state: unknown;
  outcome: unknown;
  status: 'open' | 'finished' | 'rolled_back';
  staked: bigint;
  win: bigint;
  currency: string;
  createdAt: Date;
  updatedAt: Date;
  finishedAt: Date | null;
  /** The freespins pack the round played, if any. */
  packId: number | null;
}

type TRaw = Record<string, unknown>;
const big = (v: unknown) => (typeof v === 'bigint' ? v : BigInt(String(v ?? '0')));
const date = (v: unknown) => (v === null || v === undefined ? null : new Date(v as string));

export const toRound = (r: TRaw): TRoundRow => ({
  id: String(r.id),
  playerId: r.player_id === null ? null : Number(r.player_id),
  visitor: (r.visitor as string | null) ?? null,
  sysname: String(r.sysname),
  game: String(r.game),
  engineParams: (typeof r.engine_params === 'string'
    ? JSON.parse(r.engine_params)
    : (r.engine_params ?? {})) as Record<string, unknown>,
  mode: r.mode as 'real' | 'demo',
  pairId: r.pair_id === null ? null : Number(r.pair_id),
  liveRoundId: (r.live_round_id as string | null) ?? null,
  serverSeedHash: String(r.server_seed_hash),
  clientSeed: String(r.client_seed),
  nonce: Number(r.nonce),
  actions: decodeGameJson<unknown[]>(String(r.actions)),
  actionsText: String(r.actions),
  state: r.state === null ? null : decodeGameJson(String(r.state)),
  outcome: r.outcome === null ? null : decodeGameJson(String(r.outcome)),
  status: r.status as TRoundRow['status'],
  staked: big(r.staked),
  win: big(r.win),
  currency: String(r.currency),
  createdAt: date(r.created_at) as Date,
  updatedAt: date(r.updated_at) as Date,
  finishedAt: date(r.finished_at),
  packId:
    r.freespins_pack_id === null || r.freespins_pack_id === undefined ? null : Number(r.freespins_pack_id),
});

export const loadRound = async (db: TExecutor, id: string, lock = false) => {
  const [row] = await queryRows<TRaw>(
    db,
    sql`select * from play_rounds where id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row ? toRound(row) : null;
};

export const isOwnedBy = (round: TRoundRow, owner: TOwner) =>
  owner.kind === 'player' ? round.playerId === owner.playerId : round.visitor === owner.visitor;

/** The owner a stored round belongs to (for settling it without a request). */
export const ownerOfRound = async (db: TExecutor, round: TRoundRow): Promise<TOwner> => {
  if (round.playerId === null) return { kind: 'visitor', visitor: round.visitor ?? '', currency: 'USD' };
  const [p] = await queryRows<{ currency: string; fakename: string | null; login: string }>(
    db,
    sql`select currency, fakename, login from players_summary_v where id = ${round.playerId}`,
  );
  return {
    kind: 'player',
    playerId: round.playerId,
    currency: p?.currency ?? round.currency,
    name: p?.fakename ?? p?.login ?? '',
  };
};

/** A value for the wire: bigint cents → major units; an exact ratio {num, den} → a number with 4 decimals. */
export const toWire = (value: unknown): unknown => {
  if (typeof value === 'bigint') return toMajor(value);
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

/** Actions for the record: bigints as cent strings, so a verifier can feed them back to the engine. */
export const actionsForRecord = (actions: unknown[]): unknown[] =>
  JSON.parse(JSON.stringify(actions, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
