/**
 * The parts of a round every way of playing shares (a new round, an action on an open round, the shared tables):
 * running an engine step, the answer, the round row's insert and what follows a settled round.
 */
import { type Cents, toMajor } from '@casino/contracts';
import { encodeGameJson, GameRuleError, getEngine, type RoundFloats, type TStep } from '@casino/games';
import type { TAppContext } from '../../../platform/context.ts';
import { sqlInteger, sqlText } from '../../../platform/db/sql-literal.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import type { TSharedStatement } from '../../wallet/index.ts';
import type { TPlayableGame } from './game-lookup.ts';
import type { TMode } from './game-wallet.ts';
import type { TOwner } from './owner.ts';
import { type TRoundRow, toWire } from './rounds.ts';
import { recordWinner } from './winners.ts';

export type TPlayCtx = Pick<TAppContext, 'db' | 'bus' | 'providers' | 'bets'>;
// biome-ignore lint/suspicious/noExplicitAny: engines of every state and action type
export type TAnyStep = TStep<any, any>;

export const ROUND_SETTLED = 'games.round_settled';

/** Runs an engine step; a rule the action breaks becomes InvalidParameterException. */
export const runStep = (engineId: string, state: unknown, action: unknown, floats: RoundFloats): TAnyStep => {
  try {
    return getEngine(engineId).step(state, action, floats);
  } catch (error) {
    if (error instanceof GameRuleError) {
      const field = error.code === 'invalid_stake' ? 'bet' : 'params';
      throw new AppError('InvalidParameterException', {
        invalid_parameters: { [field]: 'wrongField' },
        reason: error.code,
      });
    }
    throw error;
  }
};

export const roundAnswer = (round: TRoundRow, balance: Cents, resumed = false) => ({
  round_id: round.id,
  sysname: round.sysname,
  mode: round.mode,
  status: round.status,
  outcome: toWire(round.outcome),
  bet: toMajor(round.staked),
  win: toMajor(round.status === 'finished' ? round.win : 0n),
  balance: toMajor(balance),
  currency: round.currency,
  server_seed_hash: round.serverSeedHash,
  client_seed: round.clientSeed,
  nonce: round.nonce,
  resumed,
});

/** After a round was settled (once): the winners feed for a big real win, the player's socket. */
export const announceSettled = async (ctx: TPlayCtx, finished: TRoundRow, owner: TOwner) => {
  if (owner.kind !== 'player') return;
  if (finished.mode === 'real') await recordWinner(ctx, finished, owner);
  await ctx.bus.publish(ROUND_SETTLED, {
    uid: owner.playerId,
    round_id: finished.id,
    sysname: finished.sysname,
    mode: finished.mode,
    bet: toMajor(finished.staked),
    win: toMajor(finished.win),
    outcome: toWire(finished.outcome),
  });
};

export interface TNewRound {
  id: string;
  owner: TOwner;
  game: TPlayableGame;
  mode: TMode;
  pairId: number;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  action: unknown;
  step: TAnyStep;
  packId?: number;
  /** 'finished' when the win is credited in the same transaction; else open (finished_at set when it ended). */
  status?: 'open' | 'finished';
}

const ROUND_COLUMNS = `id, player_id, visitor, sysname, game, engine_params, mode, pair_id, server_seed_hash,
  client_seed, nonce, actions, state, outcome, status, staked, win, currency, freespins_pack_id, created_at,
  updated_at, finished_at`;

/** A round row's values as a tuple, inlined. */
const roundValuesText = (values: TNewRound, now: Date) => {
  const { owner, step } = values;
  const at = sqlText(now.toISOString());
  return `(${sqlText(values.id)}, ${owner.kind === 'player' ? sqlInteger(owner.playerId) : 'null'},
      ${sqlText(owner.kind === 'visitor' ? owner.visitor : null)}, ${sqlText(values.game.sysname)}, ${sqlText(values.game.engine)},
      ${sqlText(JSON.stringify(values.game.engineParams))}::jsonb, ${sqlText(values.mode)}, ${sqlInteger(values.pairId)},
      ${sqlText(values.serverSeedHash)}, ${sqlText(values.clientSeed)}, ${sqlInteger(values.nonce)},
      ${sqlText(encodeGameJson([values.action]))}, ${sqlText(encodeGameJson(step.state))}, ${sqlText(encodeGameJson(step.outcome))},
      ${sqlText(values.status ?? 'open')}, ${sqlInteger(BigInt(step.staked))}, ${sqlInteger(BigInt(step.win))}, ${sqlText(owner.currency)},
      ${values.packId === undefined ? 'null' : sqlInteger(values.packId)}, ${at}::timestamptz, ${at}::timestamptz,
      ${step.finished ? `${at}::timestamptz` : 'null'})`;
};

/** The insert of a round row, values inlined, answering the stored row. */
export const roundInsertText = (values: TNewRound, now: Date) =>
  `insert into play_rounds (${ROUND_COLUMNS}) values ${roundValuesText(values, now)} returning *`;

/**
 * The same insert as a part a batch of rounds shares (wallet/statements.ts): one insert of every round's row. It
 * answers no rows: the round is known from its values (insertedRound).
 */
export const roundInsertPart = (values: TNewRound, now: Date): TSharedStatement => ({
  kind: 'play_rounds.insert',
  part: roundValuesText(values, now),
  merge: (parts) => `insert into play_rounds (${ROUND_COLUMNS}) values ${parts.join(', ')}`,
  rowsOf: () => [],
});

/**
 * The row roundInsertText stores, as toRound would read it back, from the values in hand (the engine's own state
 * and outcome objects): no need to have the database send it.
 */
export const insertedRound = (values: TNewRound, now: Date): TRoundRow => {
  const { owner, step } = values;
  return {
    id: values.id,
    playerId: owner.kind === 'player' ? Number(owner.playerId) : null,
    visitor: owner.kind === 'visitor' ? owner.visitor : null,
    sysname: values.game.sysname,
    game: values.game.engine,
    engineParams: values.game.engineParams,
    mode: values.mode,
    pairId: Number(values.pairId),
    liveRoundId: null,
    serverSeedHash: values.serverSeedHash,
    clientSeed: values.clientSeed,
    nonce: Number(values.nonce),
    actions: [values.action],
    actionsText: encodeGameJson([values.action]),
    state: step.state ?? null,
    outcome: step.outcome ?? null,
    status: values.status ?? 'open',
    staked: BigInt(step.staked),
    win: BigInt(step.win),
    currency: owner.currency,
    createdAt: now,
    updatedAt: now,
    finishedAt: step.finished ? now : null,
    packId: values.packId ?? null,
  };
};
