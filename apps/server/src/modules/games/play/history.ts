/** The player's rounds (games.getHistory), their record (games.getRound) and the CSV export made by a job. */
import { toMajor } from '@casino/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TAppContext } from '../../../platform/context.ts';
import { queryRows, type TExecutor } from '../../../platform/db/database.ts';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import { getSetting } from '../../metadata/index.ts';
import { gameNames } from './game-lookup.ts';
import type { TOwner } from './owner.ts';
import { actionsForRecord, isOwnedBy, loadRound, toRound, toWire } from './rounds.ts';

export interface THistoryFilters {
  sysnames: string[];
  mode: string;
  status: string;
  result: string;
  date_from: string;
  date_to: string;
}

const conditions = (playerId: number, f: THistoryFilters): SQL => {
  const parts: SQL[] = [sql`player_id = ${playerId}`];
  if (f.sysnames.length)
    parts.push(
      sql`sysname in (${sql.join(
        f.sysnames.map((s) => sql`${s}`),
        sql`, `,
      )})`,
    );
  if (f.mode) parts.push(sql`mode = ${f.mode}`);
  if (f.status) parts.push(sql`status = ${f.status}`);
  if (f.result === 'win') parts.push(sql`status = 'finished' and win > 0`);
  if (f.result === 'loss') parts.push(sql`status = 'finished' and win = 0`);
  if (f.date_from) parts.push(sql`created_at >= ${new Date(f.date_from)}`);
  if (f.date_to) parts.push(sql`created_at < ${new Date(f.date_to)}`);
  return sql.join(parts, sql` and `);
};

const historyRows = async (
  db: TExecutor,
  playerId: number,
  f: THistoryFilters,
  page?: { offset: number; count: number },
) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from play_rounds where ${conditions(playerId, f)} order by created_at desc, id desc
        ${page ? sql`limit ${page.count} offset ${page.offset}` : sql``}`,
  );
  const rounds = rows.map(toRound);
  const names = await gameNames(
    db,
    rounds.map((r) => r.sysname),
  );
  return rounds.map((r) => ({
    round_id: r.id,
    sysname: r.sysname,
    game_name: names.get(r.sysname) ?? r.sysname,
    mode: r.mode,
    status: r.status,
    bet: toMajor(r.staked),
    win: toMajor(r.status === 'finished' ? r.win : 0n),
    currency: r.currency,
    nonce: r.nonce,
    created_at: r.createdAt.toISOString(),
    finished_at: r.status === 'finished' ? (r.finishedAt ?? r.updatedAt).toISOString() : null,
  }));
};

export const getHistory = async (
  db: TExecutor,
  playerId: number,
  params: THistoryFilters & { offset: number; count: number },
) => {
  const [total] = await queryRows<{ n: unknown }>(
    db,
    sql`select count(*) as n from play_rounds where ${conditions(playerId, params)}`,
  );
  return { items: await historyRows(db, playerId, params, params), total: Number(total?.n ?? 0) };
};

/** A round's record for its owner; the server seed only once revealed (pair rotated, live round spun, crashed). */
export const getRound = async (db: TExecutor, owner: TOwner | null, roundId: string) => {
  const round = await loadRound(db, roundId);
  if (!round || !owner || !isOwnedBy(round, owner)) throw invalidParameters({ round_id: 'wrongField' });
  const [seed] = await queryRows<{ server_seed: string; revealed: boolean }>(
    db,
    round.pairId !== null
      ? sql`select server_seed, status = 'revealed' as revealed from fair_seed_pairs where id = ${round.pairId}`
      : sql`select server_seed, (phase <> 'betting' and pocket is not null)
              or (phase in ('crashed', 'settled') and crash_point is not null) as revealed
            from live_table_rounds where id = ${round.liveRoundId}`,
  );
  return {
    round_id: round.id,
    sysname: round.sysname,
    game: round.game,
    mode: round.mode,
    status: round.status,
    bet: toMajor(round.staked),
    win: toMajor(round.status === 'finished' ? round.win : 0n),
    currency: round.currency,
    server_seed_hash: round.serverSeedHash,
    client_seed: round.clientSeed,
    nonce: round.nonce,
    server_seed: seed?.revealed ? seed.server_seed : null,
    actions: actionsForRecord(round.actions),
    outcome: toWire(round.outcome),
    engine_params: round.engineParams,
    created_at: round.createdAt.toISOString(),
    finished_at: round.status === 'finished' ? (round.finishedAt ?? round.updatedAt).toISOString() : null,
  };
};

// ---- CSV export -------------------------------------------------------------------------------------------

export const EXPORT_JOB = 'games.history-export';
export const exportUrl = (id: string) => `/games/history-export/${id}.csv`;

const csvCell = (value: unknown) => {
  const text = value === null || value === undefined ? '' : String(value);
  // a leading = + - @ would run as a formula in a spreadsheet
  const safe = /^[=+\-@\t\r]/.test(text) && !/^-?\d+(\.\d+)?$/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export const CSV_HEADER = [
  'round_id',
  'created_at',
  'finished_at',
  'game',
  'sysname',
  'mode',
  'status',
  'bet',
  'win',
  'currency',
  'nonce',
];

export const buildHistoryCsv = async (db: TExecutor, playerId: number, filters: THistoryFilters) => {
  const rows = await historyRows(db, playerId, filters);
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows)
    lines.push(
      [
        r.round_id,
        r.created_at,
        r.finished_at,
        r.game_name,
        r.sysname,
        r.mode,
        r.status,
        r.bet.toFixed(2),
        r.win.toFixed(2),
        r.currency,
        r.nonce,
      ]
        .map(csvCell)
        .join(','),
    );
  return { csv: `${lines.join('\r\n')}\r\n`, rows: rows.length };
};

type TExportRow = {
  id: string;
  status: 'pending' | 'ready' | 'failed';
  rows: number | null;
  created_at: string | Date;
  finished_at: string | Date | null;
};
const exportView = (r: TExportRow) => ({
  id: r.id,
  status: r.status,
  rows: r.rows === null ? null : Number(r.rows),
  url: r.status === 'ready' ? exportUrl(r.id) : null,
  created_at: new Date(r.created_at).toISOString(),
  finished_at: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

/**
 * Spec §3 general info `is_game_history_export_enabled`: with it off the site hides the CSV export, and the server
 * refuses a request for one (and the download of one made before), as it refuses a disabled feature.
 */
export const assertExportEnabled = async (db: TAppContext['db']) => {
  const info = (await getSetting(db, 'general-info')) as { is_game_history_export_enabled?: unknown } | null;
  if (info?.is_game_history_export_enabled !== true)
    throw new AppError('AccessDeniedException', {
      reason: 'feature_disabled',
      feature: 'is_game_history_export_enabled',
    });
};

export const createExport = async (ctx: TAppContext, playerId: number, filters: THistoryFilters) => {
  const id = ctx.providers.random.uuid();
  const now = ctx.providers.clock.now();
  const [row] = await queryRows<TExportRow>(
    ctx.db,
    sql`insert into game_history_exports (id, player_id, filters, created_at)
        values (${id}, ${playerId}, ${JSON.stringify(filters)}::jsonb, ${now})
        returning id, status, rows, created_at, finished_at`,
  );
  await ctx.jobs.enqueue(EXPORT_JOB, { id });
  return exportView(row as TExportRow);
};

export const getExport = async (db: TExecutor, playerId: number, id: string) => {
  const [row] = await queryRows<TExportRow>(
    db,
    sql`select id, status, rows, created_at, finished_at from game_history_exports
        where player_id = ${playerId} ${id ? sql`and id = ${id}` : sql``} order by created_at desc limit 1`,
  );
  if (!row) {
    if (id) throw invalidParameters({ id: 'wrongField' });
    return null;
  }
  return exportView(row);
};

export const defineExportJob = (ctx: TAppContext) =>
  ctx.jobs.define(EXPORT_JOB, async (payload) => {
    const id = String(payload.id);
    const [row] = await queryRows<{ player_id: unknown; filters: unknown; status: string }>(
      ctx.db,
      sql`select player_id, filters, status from game_history_exports where id = ${id}`,
    );
    if (row?.status !== 'pending') return;
    const filters = (
      typeof row.filters === 'string' ? JSON.parse(row.filters) : row.filters
    ) as THistoryFilters;
    const { csv, rows } = await buildHistoryCsv(ctx.db, Number(row.player_id), filters);
    await ctx.db.execute(
      sql`update game_history_exports set status = 'ready', csv = ${csv}, rows = ${rows},
            finished_at = ${ctx.providers.clock.now()} where id = ${id}`,
    );
  });

/** The download: only the owner's session reads it; anyone else (or a visitor) gets a plain 404. */
export const registerExportRoute = (app: FastifyInstance, ctx: TAppContext) => {
  app.get('/games/history-export/:id.csv', async (request, reply) => {
    const { id } = request.params as { id: string };
    if (!request.player) throw new AppError('AuthorizationException');
    await assertExportEnabled(ctx.db);
    const [row] = await queryRows<{ csv: string | null }>(
      ctx.db,
      sql`select csv from game_history_exports where id = ${id} and player_id = ${request.player.id} and status = 'ready'`,
    );
    if (!row?.csv) return reply.status(404).type('text/plain').send('Not found');
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="game-history-${id}.csv"`)
      .header('cache-control', 'private, no-store')
      .send(row.csv);
  });
};
