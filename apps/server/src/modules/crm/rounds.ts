/**
 * A player's game rounds as support reads them (issue 40: "where did my money go?"): round, game name, stake, win,
 * time, status. The rounds through the wallet's view, the names through the games module; newest first.
 */
import { sql } from 'drizzle-orm';
import type { TExecutor } from '../../platform/db/database.ts';
import { gameNames } from '../games/index.ts';
import { queryRows, toBigInt } from '../ledger/index.ts';

export const ROUNDS_PAGE_SIZE = 50;

export interface TRoundLine {
  id: number;
  provider: string;
  roundId: string;
  game: string;
  gameName: string | null;
  mode: 'real' | 'demo';
  stake: bigint;
  win: bigint;
  status: 'open' | 'closed' | 'rolled_back';
  startedAt: Date;
  updatedAt: Date;
}

export const ROUND_STATUSES = ['open', 'closed', 'rolled_back'] as const;

export const playerRounds = async (
  db: TExecutor,
  playerId: number,
  options: { page: number; status?: (typeof ROUND_STATUSES)[number]; mode?: 'real' | 'demo' },
): Promise<{ rounds: TRoundLine[]; hasMore: boolean }> => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select id, provider, round_id, game, mode, bet_total, win_total, status, created_at, updated_at
          from wallet_player_rounds_v
         where player_id = ${playerId}
           ${options.status ? sql`and status = ${options.status}` : sql``}
           ${options.mode ? sql`and mode = ${options.mode}` : sql``}
         order by id desc
         limit ${ROUNDS_PAGE_SIZE + 1} offset ${options.page * ROUNDS_PAGE_SIZE}`,
  );
  const names = await gameNames(
    db,
    rows.map((r) => String(r.game)),
  );
  return {
    rounds: rows.slice(0, ROUNDS_PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      provider: String(r.provider),
      roundId: String(r.round_id),
      game: String(r.game),
      gameName: names.get(String(r.game)) ?? null,
      mode: r.mode as TRoundLine['mode'],
      stake: toBigInt(r.bet_total),
      win: toBigInt(r.win_total),
      status: r.status as TRoundLine['status'],
      startedAt: new Date(r.created_at as string | Date),
      updatedAt: new Date(r.updated_at as string | Date),
    })),
    hasMore: rows.length > ROUNDS_PAGE_SIZE,
  };
};
