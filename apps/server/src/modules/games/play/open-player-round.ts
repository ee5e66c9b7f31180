/**
 * A player's new round as one transaction of the bet pipeline (player-bet.ts): under the player's lock and after
 * the responsible-gaming guard, the round takes its nonce (sent with the wallet's opening statement), the engine
 * plays its first step, and the round's record, the stake, the win (when the step ended the round) and every
 * consequence commit together. A refused or failed round leaves nothing behind: no stake, no nonce, no record.
 */
import type { Cents } from '@casino/contracts';
import { RoundFloats } from '@casino/games';
import { takeNonce, takeNoncePart } from './fairness.ts';
import type { TPlayableGame } from './game-lookup.ts';
import type { TOwner } from './owner.ts';
import { betAsPlayer } from './player-bet.ts';
import type { TMode } from './purse.ts';
import {
  announceSettled,
  insertedRound,
  roundAnswer,
  roundInsertPart,
  runStep,
  type TPlayCtx,
} from './round-steps.ts';

interface TOpenInput {
  owner: Extract<TOwner, { kind: 'player' }>;
  game: TPlayableGame;
  mode: TMode;
  action: unknown;
  stake: Cents;
}

export const openPlayerRound = async (ctx: TPlayCtx, input: TOpenInput) => {
  const { owner, game, mode, stake } = input;
  const roundId = ctx.providers.random.uuid();
  const result = await betAsPlayer(
    ctx,
    { owner, sysname: game.sysname, mode, stake, roundId },
    {
      prelude: takeNoncePart(owner.playerId),
      record: async (tx, literal, taken) => {
        const pair = await takeNonce(ctx, tx, owner, taken);
        const step = runStep(
          game.engine,
          null,
          input.action,
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
          action: input.action,
          step,
          status: step.finished ? ('finished' as const) : ('open' as const),
        };
        const now = ctx.providers.clock.now();
        return {
          statement: roundInsertPart(round, now, literal),
          win: step.finished ? { transactionId: `${roundId}:win`, amount: step.win } : null,
          value: insertedRound(round, now),
        };
      },
    },
  );
  const round = result.value;
  if (round.status === 'finished') await announceSettled(ctx, round, owner);
  return roundAnswer(round, result.balance);
};
