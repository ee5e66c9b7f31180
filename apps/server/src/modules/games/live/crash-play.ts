/**
 * games.play on a crash table: a bet in the betting window (params `{"auto_cashout": 2.5}` optional), or
 * `{"type":"cashout"}` with the bet's round_id during the flight, settled at the multiplier of the server's clock
 * (never the client's). games.getCrashRound: the table's current round, its players' bets, the caller's own
 * bets and the recent crash points.
 */
import { toMajor } from '@casino/contracts';
import type { TPlayParams } from '@casino/contracts/calls/games-play';
import { CRASH_MAX_CASHOUT, CRASH_MIN_CASHOUT, encodeGameJson, RoundFloats } from '@casino/games';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../../platform/db/database.ts';
import { sqlInteger, sqlText, sqlTime } from '../../../platform/db/sql-literal.ts';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import type { TPlayableGame } from '../play/game-lookup.ts';
import { findPlayableGame } from '../play/game-lookup.ts';
import type { TMode } from '../play/game-wallet.ts';
import type { TOwner } from '../play/owner.ts';
import { roundAnswer, runStep, type TPlayCtx } from '../play/round-steps.ts';
import { isOwnedBy, loadRound, toRound } from '../play/rounds.ts';
import { maskName } from '../play/winners.ts';
import {
  CRASH_BET_TOPIC,
  crashAtOf,
  crashBetsOf,
  crashBetView,
  crashRoundById,
  crashRoundEvent,
  flightStartOf,
  latestCrashRound,
  multiplierAt,
  recentCrashes,
  type TCrashBetRow,
  type TCrashRow,
} from './crash-round.ts';
import { settleCrashBet } from './crash-settle.ts';
import { openCrashRound } from './crash-table.ts';
import { placeTableBet, tableRoundRead } from './table-bet.ts';
import { tableBetRoundText } from './table-bet-round.ts';

const refused = (field: string, reason: string) =>
  new AppError('InvalidParameterException', { invalid_parameters: { [field]: 'wrongField' }, reason });

/** `auto_cashout` as a multiplier (2.5, "2.50"; at most 2 decimals) → hundredths; empty → none. */
export const parseAutoCashout = (value: unknown): number | null => {
  if (value === undefined || value === null || value === '') return null;
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(text);
  const hundredths = match ? Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0')) : Number.NaN;
  if (!(hundredths >= CRASH_MIN_CASHOUT && hundredths <= CRASH_MAX_CASHOUT))
    throw refused('params', 'invalid_cashout');
  return hundredths;
};

/** The name the players list shows: the player's fakename as chosen, else the login masked; a visitor: ''. */
const publicName = async (ctx: TPlayCtx, owner: TOwner) => {
  if (owner.kind !== 'player') return '';
  const [p] = await queryRows<{ fakename: string | null; login: string }>(
    ctx.db,
    sql`select fakename, login from players_summary_v where id = ${owner.playerId}`,
  );
  return p?.fakename?.trim() || maskName(p?.login ?? owner.name);
};

const currentRound = async (ctx: TPlayCtx, game: TPlayableGame) =>
  (await latestCrashRound(ctx.db, game.sysname)) ?? (await openCrashRound(ctx, game, 1));

const isBettingOpen = (row: TCrashRow | undefined, now: Date): row is TCrashRow =>
  !!row && row.phase === 'betting' && new Date(row.closes_at) > now;

/** A bet on the table's round in its betting window: the stake and its records together (table-bet.ts). */
const placeCrashBet = async (
  ctx: TPlayCtx,
  owner: TOwner,
  game: TPlayableGame,
  mode: TMode,
  params: TPlayParams,
) => {
  if (params.params.type !== undefined && params.params.type !== 'bet')
    throw invalidParameters({ params: 'wrongField' });
  if (params.bet === null) throw invalidParameters({ bet: 'requiredField' });
  const autoCashout = parseAutoCashout(params.params.auto_cashout);
  const action = { stake: params.bet, ...(autoCashout === null ? {} : { autoCashout }) };
  const staked = runStep(game.engine, null, action, new RoundFloats('0'.repeat(64), 'probe', 0)).debit;
  if (staked < game.minBet || staked > game.maxBet)
    throw new AppError('InvalidParameterException', {
      invalid_parameters: { bet: 'wrongField' },
      min_bet: toMajor(game.minBet),
      max_bet: toMajor(game.maxBet),
    });
  const closed = () => refused('sysname', 'betting_closed');
  const current = await currentRound(ctx, game);
  if (!isBettingOpen(current, ctx.providers.clock.now())) throw closed();
  const player = await publicName(ctx, owner);
  const { recorded, balance } = await placeTableBet(ctx, { owner, game, mode, stake: staked }, (roundId) => ({
    read: tableRoundRead(current.id),
    plan: ([row]) => {
      const table = row as TCrashRow | undefined;
      const now = ctx.providers.clock.now();
      if (!isBettingOpen(table, now)) throw closed();
      const step = runStep(
        game.engine,
        null,
        action,
        new RoundFloats(table.server_seed, table.client_seed, Number(table.seq)),
      );
      const round = tableBetRoundText({
        roundId,
        owner,
        game,
        mode,
        table,
        action,
        state: encodeGameJson(step.state),
        outcome: step.outcome,
        staked: step.staked,
        now,
      });
      const listed = `insert into crash_bets (round_id, table_round_id, sysname, player_name, mode, stake, currency,
          auto_cashout, created_at)
        values (${sqlText(roundId)}, ${sqlText(table.id)}, ${sqlText(game.sysname)}, ${sqlText(player)},
          ${sqlText(mode)}, ${sqlInteger(step.staked)}, ${sqlText(owner.currency)},
          ${autoCashout === null ? 'null' : sqlInteger(autoCashout)}, ${sqlTime(now)})
        returning *`;
      return { records: [round, listed], win: null, value: null };
    },
  }));
  const placed = {
    round: toRound(recorded[0]?.[0] as Record<string, unknown>),
    bet: recorded[1]?.[0] as TCrashBetRow,
  };
  await ctx.bus.publish(CRASH_BET_TOPIC, {
    sysname: game.sysname,
    table_round_id: placed.bet.table_round_id,
    bet: crashBetView(placed.bet),
  });
  return roundAnswer(placed.round, balance);
};

/** A cash-out during the flight at the server's multiplier; refused before take-off and from the crash on. */
const cashOut = async (ctx: TPlayCtx, owner: TOwner, game: TPlayableGame, params: TPlayParams) => {
  if (!params.round_id) throw invalidParameters({ round_id: 'requiredField' });
  if (params.params.type !== 'cashout') throw invalidParameters({ params: 'wrongField' });
  const round = await loadRound(ctx.db, params.round_id);
  if (!round || !isOwnedBy(round, owner) || round.sysname !== game.sysname || round.liveRoundId === null)
    throw invalidParameters({ round_id: 'wrongField' });
  if (round.status !== 'open') throw refused('round_id', 'round_finished');
  const row = await crashRoundById(ctx.db, round.liveRoundId);
  if (!row) throw invalidParameters({ round_id: 'wrongField' });
  const now = ctx.providers.clock.now().getTime();
  if (now < flightStartOf(row)) throw refused('round_id', 'not_started');
  if (now >= crashAtOf(row) || row.phase === 'crashed' || row.phase === 'settled')
    throw refused('round_id', 'crashed');
  const multiplier = multiplierAt(row, now);
  if (multiplier < CRASH_MIN_CASHOUT) throw refused('round_id', 'too_early');
  const settled = await settleCrashBet(ctx, round.id, { type: 'cashout', multiplier });
  if (!settled) throw invalidParameters({ round_id: 'wrongField' });
  // Another settlement got there first: an auto cash-out that fired is this bet's answer; a crash refuses.
  if (settled.round.status === 'finished' && settled.round.win === 0n) throw refused('round_id', 'crashed');
  if (settled.round.status !== 'finished') throw refused('round_id', 'round_finished');
  return roundAnswer(settled.round, settled.balance);
};

/** games.play on a crash game. */
export const playCrash = (
  ctx: TPlayCtx,
  owner: TOwner,
  game: TPlayableGame,
  mode: TMode,
  params: TPlayParams,
) =>
  params.round_id || params.params.type === 'cashout'
    ? cashOut(ctx, owner, game, params)
    : placeCrashBet(ctx, owner, game, mode, params);

/** The caller's bets of a table round (their round ids, for a cash-out after a reload). */
const ownBets = async (ctx: TPlayCtx, owner: TOwner | null, tableRoundId: string) => {
  if (!owner) return [];
  const rows = await queryRows<TCrashBetRow>(
    ctx.db,
    sql`select b.* from crash_bets b join play_rounds r on r.id = b.round_id
        where b.table_round_id = ${tableRoundId}
          and ${owner.kind === 'player' ? sql`r.player_id = ${owner.playerId}` : sql`r.visitor = ${owner.visitor}`}
        order by b.seq`,
  );
  return rows.map((b) => ({
    ...crashBetView(b),
    auto_cashout: b.auto_cashout === null ? null : b.auto_cashout / 100,
  }));
};

/** games.getCrashRound: the table now, for a screen that just opened (then the socket keeps it current). */
export const getCrashRound = async (ctx: TPlayCtx, sysname: string, owner: TOwner | null) => {
  const game = await findPlayableGame(ctx.db, sysname);
  if (game.engine !== 'crash') throw invalidParameters({ sysname: 'wrongField' });
  const current = await currentRound(ctx, game);
  if (!current) throw new AppError('ApplicationUnavailableException');
  return {
    ...crashRoundEvent(current, ctx.providers.clock.now()),
    bets: (await crashBetsOf(ctx.db, current.id)).map(crashBetView),
    mine: await ownBets(ctx, owner, current.id),
    recent: await recentCrashes(ctx.db, sysname),
  };
};
