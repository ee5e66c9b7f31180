/**
 * A game's own wagering contribution for every bonus (migrations/0941, docs/decisions/027), set per game in the
 * back-office. The wallet's bonus_contribution reads it: a template's own per-game figure first, then this one,
 * then the template's figure for the game's kind, then its `other`. Null: the game has none (the templates decide).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { TChangeAudit } from '../../platform/change-audit.ts';
import type { TAppContext } from '../../platform/context.ts';
import { queryRows, type TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { bonusGameContributions } from './schema.ts';

export const gameContributions = async (db: TExecutor, gameSysnames: string[]) => {
  const out = new Map<string, number>();
  if (gameSysnames.length === 0) return out;
  const rows = await db
    .select()
    .from(bonusGameContributions)
    .where(inArray(bonusGameContributions.game, gameSysnames));
  for (const r of rows) out.set(r.game, r.percent);
  return out;
};

export const gameContribution = async (db: TExecutor, game: string) =>
  (await gameContributions(db, [game])).get(game) ?? null;

/** Percent of a stake on `game` that counts for a bonus with these contributions, as the wallet's SQL reckons it. */
export const bonusContributionOf = async (
  db: TExecutor,
  contributions: unknown,
  game: string,
  kind: string,
): Promise<number> => {
  const [row] = await queryRows<{ percent: unknown }>(
    db,
    sql`select bonus_contribution(${JSON.stringify(contributions)}::jsonb, ${game}, ${kind}) as percent`,
  );
  return Number(row?.percent ?? 0);
};

/**
 * Sets (0–100, whole percent) or clears (null) a game's own contribution; `known` says whether the game exists (the
 * catalogue's answer). Answers false when nothing changed (nothing recorded).
 */
export const setGameContribution = async (
  ctx: TAppContext,
  game: string,
  percent: number | null,
  audit: TChangeAudit,
) => {
  if (percent !== null && !(Number.isInteger(percent) && percent >= 0 && percent <= 100))
    throw invalidParameters({ contribution: 'wrongField' });
  return ctx.db.transaction(async (tx) => {
    const [was] = await tx
      .select()
      .from(bonusGameContributions)
      .where(eq(bonusGameContributions.game, game))
      .for('update');
    const before = was?.percent ?? null;
    if (before === percent) return false;
    if (percent === null)
      await tx.delete(bonusGameContributions).where(eq(bonusGameContributions.game, game));
    else
      await tx
        .insert(bonusGameContributions)
        .values({ game, percent, updatedAt: ctx.providers.clock.now() })
        .onConflictDoUpdate({
          target: bonusGameContributions.game,
          set: { percent, updatedAt: ctx.providers.clock.now() },
        });
    await audit(tx, {
      action: 'games.bonus_contribution',
      target: { type: 'game', id: game },
      before: { bonus_contribution: before },
      after: { bonus_contribution: percent },
    });
    return true;
  });
};
