/** The catalogue's answer for reports: every game's studio, kind and theoretical RTP. */
import type { TExecutor } from '../../../platform/db/database.ts';
import { games } from './schema.ts';

export interface TGameDims {
  sysname: string;
  name: string;
  provider: string;
  kind: string;
  /** Theoretical RTP in percent (e.g. 96.5). */
  rtp: number;
}

export const gameDims = async (db: TExecutor): Promise<Map<string, TGameDims>> => {
  const rows = await db
    .select({
      sysname: games.sysname,
      name: games.name,
      provider: games.provider,
      kind: games.type,
      rtp: games.rtp,
    })
    .from(games);
  return new Map(rows.map((r) => [r.sysname, { ...r, rtp: Number(r.rtp) }]));
};
