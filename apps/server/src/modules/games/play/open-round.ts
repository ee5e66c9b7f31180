/**
 * A new round of one of our games as one bet (wallet placeBet), a player's or a visitor's: under the owner's lock
 * and after the bet's checks, the round takes its nonce (read with the wallet's opening), the engine plays its first
 * step, and the round's record, the stake, the win (when the step ended the round) and every consequence commit
 * together. A refused or failed round leaves nothing behind: no stake, no nonce, no record.
 */
import type { Cents } from '@casino/contracts';
import { RoundFloats } from '@casino/games';
import type { TRoundPlan, TRows } from '../../wallet/index.ts';
import { ensurePair, NoSeedPair, nonceRead, pairOfRead } from './fairness.ts';
import type { TPlayableGame } from './game-lookup.ts';
import { placeOwnerBet, type TMode } from './game-wallet.ts';
import type { TOwner } from './owner.ts';
import {
  announceSettled,
  insertedRound,
  roundAnswer,
  roundInsertPart,
  runStep,
  type TPlayCtx,
} from './round-steps.ts';
import type { TRoundRow } from './rounds.ts';

export interface TNewRoundBet {
  owner: TOwner;
  game: TPlayableGame;
  mode: TMode;
  action: unknown;
  stake: Cents;
}

/** The round's plan from its pair's row: the engine's first step and the round's record, as data. */
const planRound = (input: TNewRoundBet, roundId: string, now: Date, read: TRows): TRoundPlan<TRoundRow> => {
  const { owner, game, mode, action } = input;
  const pair = pairOfRead(read);
  const step = runStep(
    game.engine,
    null,
    action,
    new RoundFloats(pair.serverSeed, pair.clientSeed, pair.nonce),
  );
  const round = {
    id: roundId,
    owner,
    game,
    mode,
    pairId: pair.id,
    serverSeedHash: pair.serverSeedHash,
    clientSeed: pair.clientSeed,
    nonce: pair.nonce,
    action,
    step,
    status: step.finished ? ('finished' as const) : ('open' as const),
  };
  return {
    records: [roundInsertPart(round, now)],
    win: step.finished ? { transactionId: `${roundId}:win`, amount: step.win } : null,
    value: insertedRound(round, now),
  };
};

/**
 * Owners known to have an active seed pair, per database (a pair is never left without a successor: rotating one
 * makes the next). An owner first seen by this process has its pair made before its round is placed, so the round's
 * read always finds one and a batch of first rounds stays one batch.
 */
const withPair = new WeakMap<object, Set<string>>();
const ownerKey = (owner: TOwner) => (owner.kind === 'player' ? `p${owner.playerId}` : `v${owner.visitor}`);

const ensureKnownPair = async (ctx: TPlayCtx, owner: TOwner) => {
  let known = withPair.get(ctx.db);
  if (!known) {
    known = new Set();
    withPair.set(ctx.db, known);
  }
  const key = ownerKey(owner);
  if (known.has(key)) return;
  await ensurePair(ctx, owner);
  if (known.size >= 100_000) known.clear();
  known.add(key);
};

export const openRound = async (ctx: TPlayCtx, input: TNewRoundBet) => {
  const { owner, game, mode, stake } = input;
  const roundId = ctx.providers.random.uuid();
  await ensureKnownPair(ctx, owner);
  const bet = { sysname: game.sysname, mode, roundId, transactionId: `${roundId}:bet:0`, stake };
  const place = () =>
    placeOwnerBet(ctx, owner, bet, {
      read: nonceRead(owner),
      plan: (read) => planRound(input, roundId, ctx.providers.clock.now(), read),
    });
  let placed: Awaited<ReturnType<typeof place>>;
  try {
    placed = await place();
  } catch (error) {
    // A pair this process took for granted is gone (it cannot be, short of an operator's hand): made, placed again.
    if (!(error instanceof NoSeedPair)) throw error;
    await ensurePair(ctx, owner);
    placed = await place();
  }
  const round = placed.value;
  if (round.status === 'finished') await announceSettled(ctx, round, owner);
  return roundAnswer(round, placed.balance);
};
