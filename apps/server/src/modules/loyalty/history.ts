/** /profile/loyalty's points history: the points-ledger entries with a label for each (game, product, reward…). */

import type { ZPointsHistoryEntry } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { gameNames } from '../games/index.ts';
import { pointsHistory } from './points.ts';
import { localized, type TTexts, toPoints } from './text.ts';

type TEntry = z.output<typeof ZPointsHistoryEntry>;

const labelOf = (meta: Record<string, unknown>, locale: string, names: TNames) => {
  if (typeof meta.title === 'object' && meta.title) return localized(meta.title as TTexts, locale);
  if (typeof meta.game === 'string') return names.games.get(meta.game) ?? meta.game;
  const quest = typeof meta.quest === 'string' ? names.quests.get(meta.quest) : undefined;
  if (quest) return localized(quest, locale);
  const level = typeof meta.level === 'string' ? names.levels.get(meta.level) : undefined;
  if (level) return localized(level, locale);
  for (const key of ['game', 'reason', 'level', 'quest', 'product'])
    if (typeof meta[key] === 'string') return meta[key] as string;
  return '';
};

interface TNames {
  games: Map<string, string>;
  quests: Map<string, TTexts>;
  levels: Map<string, TTexts>;
}

/** Texts by sysname of a loyalty table's rows (quests' titles, levels' names). */
const textsBySysname = async (db: TExecutor, table: 'quests' | 'levels') => {
  const rows = await queryRows<{ sysname: string; texts: unknown }>(
    db,
    table === 'quests'
      ? sql`select sysname, title as texts from loyalty_quests`
      : sql`select sysname, name as texts from loyalty_levels`,
  );
  return new Map(
    rows.map((r) => [r.sysname, (typeof r.texts === 'string' ? JSON.parse(r.texts) : r.texts) as TTexts]),
  );
};

export const historyEntries = async (db: TExecutor, playerId: number, locale: string, limit: number) => {
  const entries = await pointsHistory(db, playerId, limit);
  // A bet's entry names its game as the hall does, not by its sysname.
  const sysnames = [
    ...new Set(entries.flatMap((e) => (typeof e.meta.game === 'string' ? [e.meta.game] : []))),
  ];
  const names: TNames = {
    games: sysnames.length > 0 ? await gameNames(db, sysnames) : new Map<string, string>(),
    // Read only when a reward entry names one: most pages of the history are bets.
    quests: entries.some((e) => typeof e.meta.quest === 'string')
      ? await textsBySysname(db, 'quests')
      : new Map<string, TTexts>(),
    levels: entries.some((e) => typeof e.meta.level === 'string')
      ? await textsBySysname(db, 'levels')
      : new Map<string, TTexts>(),
  };
  return entries.map(
    (e): TEntry => ({
      id: e.id,
      kind: e.kind as TEntry['kind'],
      points: toPoints(e.delta),
      label: labelOf(e.meta, locale, names),
      date: e.at.toISOString(),
    }),
  );
};
