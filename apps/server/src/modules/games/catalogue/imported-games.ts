/**
 * Games an aggregator brings (modules/hub88): joined to the catalogue as rows like ours, so the hall, the studios,
 * the categories and the back-office show and edit them the same way. An import adds new games and studios and
 * refreshes what the aggregator owns (its launch data, whether it still offers the game); what an operator edits
 * (name, description, images, order, categories, hidden) stays as the operator left it.
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { GAMES_CHANGED } from './games-changed.ts';
import { gameCategoryGames, gameProviders, games, type TGameRow } from './schema.ts';

export interface TImportedGame {
  sysname: string;
  name: string;
  provider: { sysname: string; name: string };
  type: TGameRow['type'];
  rtp: number;
  volatility: TGameRow['volatility'];
  lines: number;
  /** A path under an image root (an uploaded copy of the aggregator's thumbnail). */
  image: string;
  hasDemo: boolean;
  releasedAt: string;
  /** The aggregator offers it now; a game it withdrew is hidden. */
  enabled: boolean;
  /** What the aggregator needs to launch it (its game code…), kept as the game's engine params. */
  launch: Record<string, unknown>;
}

/** Our categories an imported game joins by its kind (the seed's sysnames, content/games/categories.json). */
const CATEGORY_OF: Record<TGameRow['type'], string> = {
  slot: 'slots',
  casino: 'table',
  live: 'live',
  fast: 'fast',
  logical: 'instant',
  high_low: 'fast',
  betting: 'fast',
};

/** Default stakes of an imported game (minor units); the game itself enforces its own limits. */
const MIN_BET = 10n;
const MAX_BET = 10_000n;

export const importGames = async (
  ctx: Pick<TAppContext, 'db' | 'bus'>,
  engine: string,
  list: readonly TImportedGame[],
) => {
  if (list.length === 0) return { added: 0, updated: 0 };
  const result = await ctx.db.transaction(async (tx) => {
    const studios = new Map(list.map((g) => [g.provider.sysname, { ...g.provider, logo: g.image }]));
    await tx
      .insert(gameProviders)
      .values([...studios.values()].map((p) => ({ sysname: p.sysname, name: p.name, logo: p.logo })))
      .onConflictDoNothing();
    const added = await tx
      .insert(games)
      .values(
        list.map((g) => ({
          sysname: g.sysname,
          name: g.name,
          provider: g.provider.sysname,
          type: g.type,
          layout: 'horizontal' as const,
          engine,
          engineParams: g.launch,
          rtp: g.rtp.toFixed(2),
          volatility: g.volatility,
          lines: g.lines,
          minBet: MIN_BET,
          maxBet: MAX_BET,
          image: g.image,
          imageVertical: g.image,
          hasDemo: g.hasDemo,
          releasedAt: g.releasedAt,
          isHidden: !g.enabled,
        })),
      )
      .onConflictDoNothing()
      .returning({ sysname: games.sysname });
    const addedSet = new Set(added.map((g) => g.sysname));
    const memberships = list
      .filter((g) => addedSet.has(g.sysname))
      .map((g) => ({ category: CATEGORY_OF[g.type], game: g.sysname, position: 0 }));
    if (memberships.length > 0) await tx.insert(gameCategoryGames).values(memberships).onConflictDoNothing();
    const updated = await refreshLaunchData(
      tx,
      engine,
      list.filter((g) => !addedSet.has(g.sysname)),
    );
    return { added: addedSet.size, updated };
  });
  await ctx.bus.publish(GAMES_CHANGED, {});
  return result;
};

/** The aggregator's part of rows that exist: launch data, and hidden when it no longer offers the game. */
const refreshLaunchData = async (tx: TExecutor, engine: string, list: readonly TImportedGame[]) => {
  if (list.length === 0) return 0;
  const rows = sql.join(
    list.map((g) => sql`(${g.sysname}, ${JSON.stringify(g.launch)}::jsonb, ${g.enabled}::boolean)`),
    sql`, `,
  );
  const done = await tx.execute(sql`
    update games g set engine_params = v.launch,
                       is_hidden = g.is_hidden or not v.enabled
      from (values ${rows}) as v(sysname, launch, enabled)
     where g.sysname = v.sysname and g.engine = ${engine}
       and (g.engine_params is distinct from v.launch or (g.is_hidden = false and not v.enabled))`);
  return Number((done as { rowCount?: number }).rowCount ?? 0);
};

/** An imported game's launch data (its engine params), or null when the game is not one of `engine`'s. */
export const importedGameLaunch = async (
  db: TExecutor,
  engine: string,
  sysname: string,
): Promise<{ name: string; hasDemo: boolean; launch: Record<string, unknown> } | null> => {
  const [row] = await db
    .select({
      name: games.name,
      hasDemo: games.hasDemo,
      launch: games.engineParams,
      engine: games.engine,
      hidden: games.isHidden,
    })
    .from(games)
    .where(sql`${games.sysname} = ${sysname}`)
    .limit(1);
  if (!row || row.engine !== engine || row.hidden) return null;
  return { name: row.name, hasDemo: row.hasDemo, launch: row.launch };
};
