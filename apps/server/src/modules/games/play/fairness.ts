/**
 * Provably fair pairs: a server seed (32 random bytes, 64 hex) committed by its SHA-256 before any round, the
 * owner's client seed and a nonce counting the owner's rounds under the pair. The active pair row is locked
 * (`for update`) while a round takes its nonce, so two concurrent plays never share one.
 */
import { hashServerSeed, serverSeedFromBytes } from '@casino/games';
import { type SQL, sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';
import { sqlText } from '../../../platform/db/sql-literal.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { TSharedStatement, TStatement } from '../../wallet/index.ts';
import type { TOwner } from './owner.ts';

export interface TPair {
  id: number;
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

type TPairRow = {
  id: unknown;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: unknown;
};
const toPair = (row: TPairRow): TPair => ({
  id: Number(row.id),
  serverSeed: row.server_seed,
  serverSeedHash: row.server_seed_hash,
  clientSeed: row.client_seed,
  nonce: Number(row.nonce),
});

export const ownerCondition = (owner: TOwner): SQL =>
  owner.kind === 'player' ? sql`player_id = ${owner.playerId}` : sql`visitor = ${owner.visitor}`;

type TFairCtx = Pick<TAppContext, 'providers' | 'db'>;

export const randomClientSeed = (ctx: TFairCtx) => ctx.providers.random.bytes(10).toString('hex');

const insertPair = async (ctx: TFairCtx, db: TExecutor, owner: TOwner, clientSeed: string) => {
  const serverSeed = serverSeedFromBytes(new Uint8Array(ctx.providers.random.bytes(32)));
  const now = ctx.providers.clock.now();
  const conflict =
    owner.kind === 'player'
      ? sql`(player_id) where status = 'active' and player_id is not null`
      : sql`(visitor) where status = 'active' and visitor is not null`;
  await db.execute(sql`
    insert into fair_seed_pairs (player_id, visitor, server_seed, server_seed_hash, client_seed, created_at)
    values (${owner.kind === 'player' ? owner.playerId : null}, ${owner.kind === 'visitor' ? owner.visitor : null},
      ${serverSeed}, ${hashServerSeed(serverSeed)}, ${clientSeed}, ${now})
    on conflict ${conflict} do nothing`);
};

const selectActive = async (db: TExecutor, owner: TOwner, lock: boolean) => {
  const [row] = await queryRows<TPairRow>(
    db,
    sql`select id, server_seed, server_seed_hash, client_seed, nonce from fair_seed_pairs
        where ${ownerCondition(owner)} and status = 'active' ${lock ? sql`for update` : sql``}`,
  );
  return row ? toPair(row) : null;
};

/** The owner's active pair, made on first use with a random client seed. */
export const activePair = async (ctx: TFairCtx, db: TExecutor, owner: TOwner, lock = false) => {
  const found = await selectActive(db, owner, lock);
  if (found) return found;
  await insertPair(ctx, db, owner, randomClientSeed(ctx));
  const made = await selectActive(db, owner, lock);
  if (!made) throw new Error('no active seed pair after insert');
  return made;
};

/**
 * Inside a transaction: takes the active pair's next nonce (the update locks the pair row until the transaction
 * ends); the owner's first round makes the pair.
 */
export const takeNonce = async (ctx: TFairCtx, tx: TExecutor, owner: TOwner): Promise<TPair> => {
  const advance = () =>
    queryRows<TPairRow>(
      tx,
      sql`update fair_seed_pairs set nonce = nonce + 1 where ${ownerCondition(owner)} and status = 'active'
          returning id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce`,
    );
  let [row] = await advance();
  if (!row) {
    await insertPair(ctx, tx, owner, randomClientSeed(ctx));
    [row] = await advance();
  }
  if (!row) throw new Error('no active seed pair after insert');
  return toPair(row);
};

/**
 * takeNonce's update as a statement a bet reads under the owner's lock (wallet placeBet). A player's is a part of
 * one update that a batch's rounds share, each player's row handed back to its round; sent singly it is the same update
 * for one id.
 */
export const nonceRead = (owner: TOwner): TStatement => {
  const returning = 'returning player_id, id, server_seed, server_seed_hash, client_seed, nonce - 1 as nonce';
  if (owner.kind === 'visitor')
    return `update fair_seed_pairs set nonce = nonce + 1 where visitor = ${sqlText(owner.visitor)}
      and status = 'active' ${returning}`;
  const shared: TSharedStatement = {
    kind: 'fair_seed_pairs.take',
    part: String(Number(owner.playerId)),
    merge: (ids) =>
      `update fair_seed_pairs set nonce = nonce + 1 where player_id = any (array[${ids.join(', ')}]::bigint[])
       and status = 'active' ${returning}`,
    rowsOf: (rows, id) => rows.filter((row) => String(row.player_id) === id),
  };
  return shared;
};

/** The owner has no active pair yet: the round is placed again once it has one (ensurePair). */
export class NoSeedPair extends Error {
  constructor() {
    super('no active seed pair');
  }
}

/** The pair nonceRead took its nonce from; throws NoSeedPair on the owner's first round. */
export const pairOfRead = (rows: Record<string, unknown>[]): TPair => {
  const [row] = rows as TPairRow[];
  if (!row) throw new NoSeedPair();
  return toPair(row);
};

/** Makes the owner's active pair when there is none (the first round's, before it is placed again). */
export const ensurePair = (ctx: TFairCtx, owner: TOwner) => activePair(ctx, ctx.db, owner);

export const fairnessView = (pair: TPair) => ({
  server_seed_hash: pair.serverSeedHash,
  client_seed: pair.clientSeed,
  nonce: pair.nonce,
});

/**
 * Reveals the active server seed and starts a new pair. Refused while a multi-step round of the pair is open:
 * revealing its seed would reveal the cards still to come.
 */
export const rotateSeed = (ctx: TFairCtx, owner: TOwner, clientSeed: string) =>
  ctx.db.transaction(async (tx) => {
    const previous = await activePair(ctx, tx, owner, true);
    const [open] = await queryRows<{ id: string }>(
      tx,
      sql`select id from play_rounds where pair_id = ${previous.id} and status = 'open' limit 1`,
    );
    if (open)
      throw new AppError('InvalidParameterException', {
        invalid_parameters: { round_id: 'roundOpen' },
        round_id: open.id,
      });
    await tx.execute(
      sql`update fair_seed_pairs set status = 'revealed', revealed_at = ${ctx.providers.clock.now()} where id = ${previous.id}`,
    );
    await insertPair(ctx, tx, owner, clientSeed || randomClientSeed(ctx));
    const current = await activePair(ctx, tx, owner);
    return {
      previous: {
        server_seed: previous.serverSeed,
        server_seed_hash: previous.serverSeedHash,
        client_seed: previous.clientSeed,
        nonce: previous.nonce,
      },
      current: fairnessView(current),
    };
  });
