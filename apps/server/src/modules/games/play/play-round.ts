/**
 * games.play: one round, or one action of an open round, always through the wallet. A new round, a player's or a
 * visitor's, is one bet of the wallet's placeBet (open-round.ts). An action on an open round takes its stake before
 * the step is stored or shown and credits the win after. The round's nonce is taken under a row lock of the
 * owner's seed pair.
 */
import { type Cents, toMajor } from '@casino/contracts';
import type { TPlayParams } from '@casino/contracts/calls/games-play';
import { crashMultiplierAt, encodeGameJson, getEngine, RoundFloats } from '@casino/games';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import { openingAction, stepAction } from './actions.ts';
import { takeNonce } from './fairness.ts';
import { livePackSql } from './freespins.ts';
import { grantFreespinsWinnings } from './freespins-winnings.ts';
import { findPlayableGame, type TPlayableGame } from './game-lookup.ts';
import { gameWalletOf, type TGameWallet, type TMode } from './game-wallet.ts';
import { openRound as placeNewRound } from './open-round.ts';
import type { TOwner } from './owner.ts';
import {
  announceSettled,
  roundAnswer,
  roundInsertText,
  runStep,
  type TAnyStep,
  type TNewRound,
  type TPlayCtx,
} from './round-steps.ts';
import { isOwnedBy, loadRound, type TRoundRow, toRound } from './rounds.ts';

/** Games whose rounds take more than one call. */
export const MULTI_STEP_ENGINES = new Set(['blackjack', 'mines', 'hilo']);
/** Games played on a shared table (modules/games/live): every player in the same round. */
export const SHARED_TABLE_ENGINES = new Set(['live-roulette', 'crash']);
/** Fixed floats to validate an action and learn its stake before any seed is touched (never shown). */
const PROBE = new RoundFloats('0'.repeat(64), 'probe', 0);

const checkLimits = (game: TPlayableGame, stake: Cents) => {
  if (stake < game.minBet || stake > game.maxBet)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { bet: 'wrongField' },
      min_bet: toMajor(game.minBet),
      max_bet: toMajor(game.maxBet),
    });
};

/**
 * Credits a round whose engine has finished (status open, finished_at set) and marks it finished. Idempotent:
 * the win's transaction id is the round's, so a retry (the settle job after a crash) moves money once.
 */
export const creditFinishedRound = async (
  ctx: TPlayCtx,
  round: TRoundRow,
  wallet: TGameWallet,
  owner: TOwner,
) => {
  // A freespins pack's winnings become a bonus with wagering (once per round: its grant key); the round closes
  // in the wallet with nothing moved.
  const fromPack =
    round.packId !== null && round.mode === 'real' && round.playerId !== null && round.win > 0n;
  if (fromPack)
    await grantFreespinsWinnings(ctx, {
      playerId: Number(round.playerId),
      amount: round.win,
      roundId: round.id,
      now: ctx.providers.clock.now(),
    });
  const balance = await wallet.win(round.id, `${round.id}:win`, fromPack ? 0n : round.win);
  const now = ctx.providers.clock.now();
  const updated = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`update play_rounds set status = 'finished', updated_at = ${now}
        where id = ${round.id} and status = 'open' returning *`,
  );
  const finished = updated[0] ? toRound(updated[0]) : { ...round, status: 'finished' as const };
  if (updated[0]) await announceSettled(ctx, finished, owner);
  return { round: finished, balance };
};

/** Stores a step of an open round; false when another call changed the round first. */
const storeStep = async (
  ctx: TPlayCtx,
  round: TRoundRow,
  action: unknown,
  step: TAnyStep,
): Promise<TRoundRow | null> => {
  const now = ctx.providers.clock.now();
  const rows = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`update play_rounds set actions = ${encodeGameJson([...round.actions, action])},
          state = ${encodeGameJson(step.state)}, outcome = ${encodeGameJson(step.outcome)},
          staked = ${step.staked}, win = ${step.win}, updated_at = ${now},
          finished_at = ${step.finished ? now : null}
        where id = ${round.id} and status = 'open' and finished_at is null and actions = ${round.actionsText}
        returning *`,
  );
  return rows[0] ? toRound(rows[0]) : null;
};

/** The server seed behind a stored round (the pair's, or the live table round's). */
export const roundFloats = async (ctx: TPlayCtx, round: TRoundRow) => {
  const [row] = await queryRows<{ server_seed: string }>(
    ctx.db,
    round.pairId !== null
      ? sql`select server_seed from fair_seed_pairs where id = ${round.pairId}`
      : sql`select server_seed from live_table_rounds where id = ${round.liveRoundId}`,
  );
  if (!row) throw new Error(`no seed for round ${round.id}`);
  return new RoundFloats(row.server_seed, round.clientSeed, round.nonce);
};

/** Applies one action to an open round (a player's, or the settle job's). */
export const applyAction = async (
  ctx: TPlayCtx,
  round: TRoundRow,
  owner: TOwner,
  action: unknown,
): Promise<{ round: TRoundRow; balance: Cents }> => {
  const wallet = gameWalletOf(ctx, owner, round.sysname, round.mode);
  const step = runStep(round.game, round.state, action, await roundFloats(ctx, round));
  let balance: Cents | null = null;
  if (step.debit > 0n)
    balance = await wallet.bet(round.id, `${round.id}:bet:${round.actions.length}`, step.debit);
  const stored = await storeStep(ctx, round, action, step);
  // A concurrent action of the same step won: its stake (same transaction id) moved once; ours did not.
  if (!stored)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { round_id: 'wrongField' },
      reason: 'round_changed',
    });
  if (step.finished) return creditFinishedRound(ctx, stored, wallet, owner);
  return { round: stored, balance: balance ?? (await wallet.balance()) };
};

const findOpenRound = async (ctx: TPlayCtx, owner: TOwner, sysname: string, mode: TMode) => {
  const [row] = await queryRows<Record<string, unknown>>(
    ctx.db,
    sql`select * from play_rounds where ${owner.kind === 'player' ? sql`player_id = ${owner.playerId}` : sql`visitor = ${owner.visitor}`}
        and sysname = ${sysname} and mode = ${mode} and status = 'open' and live_round_id is null
        order by created_at desc limit 1`,
  );
  return row ? toRound(row) : null;
};

/** Inserts the round row (status open; finished_at set when the engine already finished it). */
const insertRound = async (ctx: TPlayCtx, values: TNewRound, db = ctx.db) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql.raw(roundInsertText(values, ctx.providers.clock.now())),
  );
  return toRound(rows[0] as Record<string, unknown>);
};

/** Opens a round: its stake checked against the game's limits, then one bet (open-round.ts). */
const openRound = async (
  ctx: TPlayCtx,
  owner: TOwner,
  game: TPlayableGame,
  mode: TMode,
  params: TPlayParams,
) => {
  const action = openingAction(game.engine, game.engineParams, params.bet, params.params);
  const stake = runStep(game.engine, null, action, PROBE).debit;
  checkLimits(game, stake);
  return placeNewRound(ctx, { owner, game, mode, action, stake });
};

/** Takes the owner's next nonce, plays the round's first step from its floats and records the round. */
const startRound = async (
  ctx: TPlayCtx,
  tx: Parameters<typeof takeNonce>[1],
  input: {
    roundId: string;
    owner: TOwner;
    game: TPlayableGame;
    mode: TMode;
    action: Parameters<typeof runStep>[2];
    packId?: number;
  },
) => {
  const pair = await takeNonce(ctx, tx, input.owner);
  const step = runStep(
    input.game.engine,
    null,
    input.action,
    new RoundFloats(pair.serverSeed, pair.clientSeed, pair.nonce),
  );
  return insertRound(
    ctx,
    {
      id: input.roundId,
      owner: input.owner,
      game: input.game,
      mode: input.mode,
      pairId: pair.id,
      serverSeedHash: pair.serverSeedHash,
      clientSeed: pair.clientSeed,
      nonce: pair.nonce,
      action: input.action,
      step,
      packId: input.packId,
    },
    tx,
  );
};

/** Plays the player's freespins pack for this slot: every spin left, at the pack's stake, nothing debited. */
const playFreespinsPack = async (ctx: TPlayCtx, owner: TOwner, game: TPlayableGame, mode: TMode) => {
  if (owner.kind !== 'player' || mode !== 'real' || getEngine(game.engine).kind !== 'slot')
    throw invalidParameters({ params: 'wrongField' });
  const wallet = gameWalletOf(ctx, owner, game.sysname, mode);
  const roundId = ctx.providers.random.uuid();
  const round = await ctx.db.transaction(async (tx) => {
    const [pack] = await queryRows<{ id: unknown; remaining_count: unknown; stake: unknown }>(
      tx,
      sql`select id, remaining_count, stake from game_freespins_packs
          where player_id = ${owner.playerId} and sysname = ${game.sysname}
            and ${livePackSql(ctx.providers.clock.now())}
          order by id limit 1 for update`,
    );
    if (!pack)
      throw new AppError('InvalidParameterException', {
        invalid_parameters: { params: 'wrongField' },
        reason: 'no_freespins',
      });
    const action = {
      type: 'freespins',
      stake: BigInt(String(pack.stake)),
      count: Number(pack.remaining_count),
    };
    await tx.execute(
      sql`update game_freespins_packs set remaining_count = 0, updated_at = ${ctx.providers.clock.now()} where id = ${pack.id}`,
    );
    return startRound(ctx, tx, { roundId, owner, game, mode, action, packId: Number(pack.id) });
  });
  const settled = await creditFinishedRound(ctx, round, wallet, owner);
  return roundAnswer(settled.round, settled.balance);
};

/** An action on an open round of the caller's. */
const actOnRound = async (ctx: TPlayCtx, owner: TOwner, game: TPlayableGame, params: TPlayParams) => {
  const round = await loadRound(ctx.db, params.round_id);
  if (!round || !isOwnedBy(round, owner) || round.sysname !== game.sysname)
    throw invalidParameters({ round_id: 'wrongField' });
  if (round.status !== 'open' || round.liveRoundId !== null)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { round_id: 'wrongField' },
      reason: 'round_finished',
    });
  if (round.finishedAt) {
    const wallet = gameWalletOf(ctx, owner, round.sysname, round.mode);
    const settled = await creditFinishedRound(ctx, round, wallet, owner);
    return roundAnswer(settled.round, settled.balance);
  }
  const action = stepAction(round.game, params.params, () => {
    // A manual crash cash-out reads the curve at the server's clock since the round opened.
    const multiplier = crashMultiplierAt(ctx.providers.clock.now().getTime() - round.createdAt.getTime());
    if (multiplier < 101)
      throw new AppError('InvalidParameterException', {
        invalid_parameters: { params: 'wrongField' },
        reason: 'too_early',
      });
    return multiplier;
  });
  const result = await applyAction(ctx, round, owner, action);
  return roundAnswer(result.round, result.balance);
};

export type TPlayLive = (
  ctx: TPlayCtx,
  owner: TOwner,
  game: TPlayableGame,
  mode: TMode,
  params: TPlayParams,
) => Promise<ReturnType<typeof roundAnswer>>;

export const playGame = async (ctx: TPlayCtx, owner: TOwner, params: TPlayParams, playLive: TPlayLive) => {
  const game = await findPlayableGame(ctx.db, params.sysname);
  const mode: TMode = params.mode === 'demo' ? 'demo' : 'real';
  if (mode === 'demo' && !game.hasDemo) throw invalidParameters({ mode: 'wrongField' });
  if (owner.kind === 'visitor' && mode === 'real') throw new AppError('AuthorizationException');
  if (SHARED_TABLE_ENGINES.has(game.engine)) return playLive(ctx, owner, game, mode, params);
  if (params.round_id) return actOnRound(ctx, owner, game, params);
  if (MULTI_STEP_ENGINES.has(game.engine)) {
    const open = await findOpenRound(ctx, owner, game.sysname, mode);
    if (open) {
      const wallet = gameWalletOf(ctx, owner, game.sysname, mode);
      if (open.finishedAt) {
        const settled = await creditFinishedRound(ctx, open, wallet, owner);
        return roundAnswer(settled.round, settled.balance, true);
      }
      return roundAnswer(open, await wallet.balance(), true);
    }
  }
  if (params.params.freespins === true) return playFreespinsPack(ctx, owner, game, mode);
  return openRound(ctx, owner, game, mode, params);
};
