/**
 * The shared live roulette tables: one round every ~20 s per live game (15 s of betting, then the spin and
 * 5 s to show it). A round opens with a fresh server seed whose SHA-256 is published at once; the client seed
 * is the table's name and the nonce the round number, so every player's bet settles on the same pocket =
 * floor(float₀ × 37); the seed is revealed with the result. Events go on the bus (`live.roulette.round`) and
 * out to every socket of /ws/live. Bets come through games.play on the table's sysname.
 */
import { toMajor } from '@casino/contracts';
import type { TPlayParams } from '@casino/contracts/calls/games-play';
import {
  encodeGameJson,
  hashServerSeed,
  liveRouletteResult,
  RoundFloats,
  serverSeedFromBytes,
} from '@casino/games';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows } from '../../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import { openingAction } from '../play/actions.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import { findPlayableGame } from '../play/game-lookup.ts';
import { gameWalletOf, type TMode } from '../play/game-wallet.ts';
import type { TOwner } from '../play/owner.ts';
import { creditFinishedRound, type TPlayLive } from '../play/play-round.ts';
import { roundAnswer, runStep, type TPlayCtx } from '../play/round-steps.ts';
import { ownerOfRound, toRound } from '../play/rounds.ts';
import { playCrash } from './crash-play.ts';
import { placeTableBet, tableRoundRead } from './table-bet.ts';
import { tableBetRoundText } from './table-bet-round.ts';
import { startTableClock } from './table-clock.ts';
import type { TTableInterest } from './table-interest.ts';

export const LIVE_BETTING_MS = 15_000;
export const LIVE_SPIN_MS = 5_000;
export const LIVE_ROUND_TOPIC = 'live.roulette.round';
const RECENT = 10;

type TLiveRow = {
  id: string;
  sysname: string;
  table_name: string;
  seq: unknown;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  phase: 'betting' | 'spinning' | 'settled';
  opened_at: string | Date;
  closes_at: string | Date;
  pocket: number | null;
  spun_at: string | Date | null;
};

const iso = (v: string | Date) => new Date(v).toISOString();
const latest = async (db: TPlayCtx['db'], sysname: string) =>
  (
    await queryRows<TLiveRow>(
      db,
      sql`select * from live_table_rounds where sysname = ${sysname} order by seq desc limit 1`,
    )
  )[0];

const resultOf = (r: TLiveRow) => {
  const pocket = Number(r.pocket);
  return {
    table_round_id: r.id,
    pocket,
    color: liveRouletteResult({ serverSeed: r.server_seed, clientSeed: r.client_seed, nonce: Number(r.seq) })
      .color,
    server_seed: r.server_seed,
    server_seed_hash: r.server_seed_hash,
    client_seed: r.client_seed,
    nonce: Number(r.seq),
    spun_at: iso(r.spun_at ?? r.closes_at),
  };
};

const publicEvent = (r: TLiveRow) => ({
  sysname: r.sysname,
  table: r.table_name,
  table_round_id: r.id,
  phase: r.phase,
  server_seed_hash: r.server_seed_hash,
  client_seed: r.client_seed,
  nonce: Number(r.seq),
  opened_at: iso(r.opened_at),
  betting_closes_at: iso(r.closes_at),
  result: r.pocket === null ? null : resultOf(r),
});

const tableOf = (game: { sysname: string; engineParams: Record<string, unknown> }) =>
  String(game.engineParams.table ?? game.sysname);

/** Opens the next round of a table (idempotent across instances by the unique round number). */
export const openLiveRound = async (ctx: TPlayCtx, game: TPlayableGame, seq: number) => {
  const serverSeed = serverSeedFromBytes(new Uint8Array(ctx.providers.random.bytes(32)));
  const now = ctx.providers.clock.now();
  const table = tableOf(game);
  const inserted = await queryRows<TLiveRow>(
    ctx.db,
    sql`insert into live_table_rounds (id, sysname, table_name, seq, server_seed, server_seed_hash, client_seed,
          phase, opened_at, closes_at)
        values (${ctx.providers.random.uuid()}, ${game.sysname}, ${table}, ${seq}, ${serverSeed},
          ${hashServerSeed(serverSeed)}, ${table}, 'betting', ${now}, ${new Date(now.getTime() + LIVE_BETTING_MS)})
        on conflict (sysname, seq) do nothing returning *`,
  );
  if (inserted[0]) await ctx.bus.publish(LIVE_ROUND_TOPIC, publicEvent(inserted[0]));
  return inserted[0] ?? (await latest(ctx.db, game.sysname));
};

/** Settles every bet of a spun round (idempotent: each win has the round's own transaction id). */
const settleBets = async (ctx: TPlayCtx, live: TLiveRow) => {
  const bets = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select * from play_rounds where live_round_id = ${live.id} and status = 'open'`,
  );
  const floats = new RoundFloats(live.server_seed, live.client_seed, Number(live.seq));
  for (const raw of bets) {
    const round = toRound(raw);
    const owner = await ownerOfRound(ctx.db, round);
    let settled = round;
    if (!round.finishedAt) {
      const step = runStep(round.game, null, round.actions[0], floats);
      const now = ctx.providers.clock.now();
      const rows = await queryRows<Record<string, unknown>>(
        ctx.db,
        sql`update play_rounds set state = ${encodeGameJson(step.state)}, outcome = ${encodeGameJson(step.outcome)},
              win = ${step.win}, updated_at = ${now}, finished_at = ${now}
            where id = ${round.id} and finished_at is null returning *`,
      );
      if (!rows[0]) continue;
      settled = toRound(rows[0]);
    }
    await creditFinishedRound(ctx, settled, gameWalletOf(ctx, owner, round.sysname, round.mode), owner);
  }
};

/** Spins a round whose betting window closed: lock, draw the pocket, settle every bet, reveal. */
const spin = async (ctx: TPlayCtx, live: TLiveRow) => {
  const spun = await ctx.db.transaction(async (tx) => {
    const [row] = await queryRows<TLiveRow>(
      tx,
      sql`select * from live_table_rounds where id = ${live.id} and phase = 'betting' for update skip locked`,
    );
    if (!row) return null;
    const { pocket } = liveRouletteResult({
      serverSeed: row.server_seed,
      clientSeed: row.client_seed,
      nonce: Number(row.seq),
    });
    const [updated] = await queryRows<TLiveRow>(
      tx,
      sql`update live_table_rounds set phase = 'spinning', pocket = ${pocket}, spun_at = ${ctx.providers.clock.now()}
          where id = ${row.id} returning *`,
    );
    return updated ?? null;
  });
  const current = spun ?? (await latestById(ctx, live.id));
  if (current?.phase !== 'spinning') return;
  if (spun) await ctx.bus.publish(LIVE_ROUND_TOPIC, publicEvent(current));
  await settleBets(ctx, current);
  const [settled] = await queryRows<TLiveRow>(
    ctx.db,
    sql`update live_table_rounds set phase = 'settled' where id = ${current.id} and phase = 'spinning' returning *`,
  );
  if (settled) await ctx.bus.publish(LIVE_ROUND_TOPIC, publicEvent(settled));
};

const latestById = async (ctx: TPlayCtx, id: string) =>
  (await queryRows<TLiveRow>(ctx.db, sql`select * from live_table_rounds where id = ${id}`))[0];

const liveGames = async (ctx: TPlayCtx) => {
  const rows = await queryRows<{ sysname: string }>(
    ctx.db,
    sql`select sysname from games where engine = 'live-roulette' and not is_hidden order by sysname`,
  );
  return Promise.all(rows.map((r) => findPlayableGame(ctx.db, r.sysname)));
};

/** One turn of every table's clock: spin closed windows, open the next round after the show. */
export const tickLiveTables = async (ctx: TPlayCtx) => {
  const now = ctx.providers.clock.now().getTime();
  for (const game of await liveGames(ctx)) {
    let current = await latest(ctx.db, game.sysname);
    if (
      current &&
      (current.phase === 'spinning' ||
        (current.phase === 'betting' && new Date(current.closes_at).getTime() <= now))
    ) {
      await spin(ctx, current);
      current = await latest(ctx.db, game.sysname);
    }
    if (!current) await openLiveRound(ctx, game, 1);
    else if (
      current.phase === 'settled' &&
      new Date(current.spun_at ?? current.closes_at).getTime() + LIVE_SPIN_MS <= now
    )
      await openLiveRound(ctx, game, Number(current.seq) + 1);
  }
};

/** A bet on the table's current round (mode real, or demo on play money). */
export const placeLiveBet = async (
  ctx: TPlayCtx,
  owner: TOwner,
  game: TPlayableGame,
  mode: TMode,
  params: TPlayParams,
) => {
  if (params.round_id) throw invalidParameters({ round_id: 'wrongField' });
  const action = openingAction(game.engine, game.engineParams, params.bet, params.params);
  const staked = runStep(game.engine, null, action, new RoundFloats('0'.repeat(64), 'probe', 0)).staked;
  if (staked < game.minBet || staked > game.maxBet)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { bet: 'wrongField' },
      min_bet: toMajor(game.minBet),
      max_bet: toMajor(game.maxBet),
    });
  let current = await latest(ctx.db, game.sysname);
  if (!current) current = await openLiveRound(ctx, game, 1);
  const closed = () =>
    new AppError('InvalidParameterException', {
      invalid_parameters: { sysname: 'wrongField' },
      reason: 'betting_closed',
    });
  if (current?.phase !== 'betting' || new Date(current.closes_at) <= ctx.providers.clock.now())
    throw closed();
  const live = current;
  const { recorded, balance } = await placeTableBet(ctx, { owner, game, mode, stake: staked }, (roundId) => ({
    read: tableRoundRead(live.id),
    plan: ([row]) => {
      const table = row as TLiveRow | undefined;
      const now = ctx.providers.clock.now();
      if (table?.phase !== 'betting' || new Date(table.closes_at) <= now) throw closed();
      const record = tableBetRoundText({
        roundId,
        owner,
        game,
        mode,
        table,
        action,
        state: null,
        outcome: {
          table_round_id: table.id,
          phase: 'betting',
          betting_closes_at: iso(table.closes_at),
          bets: (action as { bets: unknown }).bets,
        },
        staked,
        now,
      });
      return { records: [record], win: null, value: null };
    },
  }));
  return roundAnswer(toRound(recorded[0]?.[0] as Record<string, unknown>), balance);
};

/** games.play on a shared table: a crash bet or cash-out, or a live roulette bet. */
export const playLiveTable: TPlayLive = (ctx, owner, game, mode, params) =>
  game.engine === 'crash'
    ? playCrash(ctx, owner, game, mode, params)
    : placeLiveBet(ctx, owner, game, mode, params);

/** games.getLiveRound: the table's current round and its last results. */
export const getLiveRound = async (ctx: TPlayCtx, sysname: string) => {
  const game = await findPlayableGame(ctx.db, sysname);
  if (game.engine !== 'live-roulette') throw invalidParameters({ sysname: 'wrongField' });
  let current = await latest(ctx.db, sysname);
  if (!current) current = await openLiveRound(ctx, game, 1);
  if (!current) throw new AppError('ApplicationUnavailableException');
  const recent = await queryRows<TLiveRow>(
    ctx.db,
    sql`select * from live_table_rounds where sysname = ${sysname} and pocket is not null and phase <> 'betting'
        order by seq desc limit ${RECENT}`,
  );
  const event = publicEvent(current);
  return {
    sysname: event.sysname,
    table: event.table,
    table_round_id: event.table_round_id,
    phase: event.phase,
    server_seed_hash: event.server_seed_hash,
    client_seed: event.client_seed,
    nonce: event.nonce,
    opened_at: event.opened_at,
    betting_closes_at: event.betting_closes_at,
    server_time: ctx.providers.clock.now().toISOString(),
    recent: recent.map(resultOf),
  };
};

/** Whether a bet of a running table is still open: the tables must not sleep. */
const hasOpenLiveBets = async (ctx: TPlayCtx) =>
  (
    await queryRows<{ open: boolean }>(
      ctx.db,
      sql`select exists (select 1 from play_rounds where status = 'open' and live_round_id is not null
            and sysname in (select sysname from games where engine = 'live-roulette' and not is_hidden)) as open`,
    )
  )[0]?.open === true;

export const LIVE_TICK = 'games.live.tick';
/** The tables' timer on this instance: a tick every second, asleep while nobody watches and no bet is open. */
export const startLiveTables = (ctx: TAppContext, interest: TTableInterest) =>
  startTableClock(ctx, interest, {
    name: LIVE_TICK,
    intervalMs: 1_000,
    fullTickMs: 1_000,
    tick: async () => {
      await tickLiveTables(ctx);
      return 0;
    },
    hasBetsInPlay: () => hasOpenLiveBets(ctx),
  });
