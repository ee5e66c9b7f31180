/**
 * What operators keep about a player: notes (append-only), tags and risk flags (with a reason). Each change is
 * audited with its before and after in the transaction that makes it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../backoffice/index.ts';
import { textArray } from '../ledger/index.ts';
import { findPlayerById } from '../players/index.ts';
import { TAG } from './player-filter.ts';
import { crmPlayerFlags, crmPlayerNotes, crmPlayerTags, type TRiskFlag } from './schema.ts';

export const playerCrm = async (db: TExecutor, playerId: number) => {
  const [notes, tags, flags] = await Promise.all([
    db
      .select()
      .from(crmPlayerNotes)
      .where(eq(crmPlayerNotes.playerId, playerId))
      .orderBy(desc(crmPlayerNotes.id))
      .limit(50),
    db.select().from(crmPlayerTags).where(eq(crmPlayerTags.playerId, playerId)).orderBy(crmPlayerTags.tag),
    db
      .select()
      .from(crmPlayerFlags)
      .where(eq(crmPlayerFlags.playerId, playerId))
      .orderBy(crmPlayerFlags.flag),
  ]);
  return { notes, tags, flags };
};

/** The tags in use, most used first (for the filter's list and the tag form's suggestions). */
export const tagsInUse = async (db: TExecutor): Promise<string[]> =>
  (
    await db
      .select({ tag: crmPlayerTags.tag })
      .from(crmPlayerTags)
      .groupBy(crmPlayerTags.tag)
      .orderBy(desc(sql`count(*)`), crmPlayerTags.tag)
      .limit(200)
  ).map((r) => r.tag);

const existing = async (db: TExecutor, playerId: number) => {
  if (!(await findPlayerById(db, playerId))) throw invalidParameters({ id: 'notFound' });
};

export const addNote = async (ctx: TAppContext, actor: TActor, playerId: number, body: string) => {
  await existing(ctx.db, playerId);
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [note] = await tx
      .insert(crmPlayerNotes)
      .values({ playerId, body, operatorId: actor.id, operatorEmail: actor.email, createdAt: now })
      .returning({ id: crmPlayerNotes.id });
    await recordAudit(tx, actor, {
      action: 'player.note',
      target: { type: 'player', id: playerId },
      after: { note: note?.id, text: body },
      at: now,
    });
  });
};

/** Normalises a typed tag (`VIP ` → `vip`); refuses one that is not a short word. */
export const tagOf = (text: string, field = 'tag') => {
  const tag = text.trim().toLowerCase().replace(/\s+/g, '-');
  if (!TAG.test(tag)) throw invalidParameters({ [field]: 'wrongField' });
  return tag;
};

/** Gives the tag to the players that lack it; answers how many got it (one audit row per bulk, one per player). */
export const addTag = async (
  ctx: TAppContext,
  actor: TActor,
  playerIds: number[],
  tag: string,
  audit: { target: { type: string; id: string | number } },
) => {
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const added = await tx.execute(
      sql`insert into crm_player_tags (player_id, tag, created_by, created_at)
          select id, ${tag}, ${actor.email}, ${now.toISOString()}::timestamptz
            from unnest(${textArray(playerIds.map(String))}::bigint[]) as ids(id)
          on conflict do nothing returning player_id`,
    );
    const ids = (added as unknown as { rows: { player_id: unknown }[] }).rows.map((r) => Number(r.player_id));
    const count = ids.length;
    if (count > 0)
      await recordAudit(tx, actor, {
        action: 'player.tag',
        target: audit.target,
        before: null,
        after: count === 1 ? { tag } : { tag, players: count, ids: ids.sort((a, b) => a - b) },
        at: now,
      });
    return count;
  });
};

export const removeTag = async (ctx: TAppContext, actor: TActor, playerId: number, tag: string) => {
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(crmPlayerTags)
      .where(and(eq(crmPlayerTags.playerId, playerId), eq(crmPlayerTags.tag, tag)))
      .returning();
    if (removed.length)
      await recordAudit(tx, actor, {
        action: 'player.untag',
        target: { type: 'player', id: playerId },
        before: { tag },
        after: null,
        at: now,
      });
  });
};

/** Sets a risk flag (or its reason anew); audited with the reason before and after. */
export const setFlag = async (
  ctx: TAppContext,
  actor: TActor,
  playerId: number,
  input: { flag: TRiskFlag; reason: string },
) => {
  await existing(ctx.db, playerId);
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(crmPlayerFlags)
      .where(and(eq(crmPlayerFlags.playerId, playerId), eq(crmPlayerFlags.flag, input.flag)))
      .for('update');
    await tx
      .insert(crmPlayerFlags)
      .values({ playerId, flag: input.flag, reason: input.reason, setBy: actor.email, setAt: now })
      .onConflictDoUpdate({
        target: [crmPlayerFlags.playerId, crmPlayerFlags.flag],
        set: { reason: input.reason, setBy: actor.email, setAt: now },
      });
    await recordAudit(tx, actor, {
      action: 'player.flag',
      target: { type: 'player', id: playerId },
      before: before ? { flag: before.flag, reason: before.reason } : null,
      after: { flag: input.flag, reason: input.reason },
      reason: input.reason,
      at: now,
    });
  });
};

export const clearFlag = async (
  ctx: TAppContext,
  actor: TActor,
  playerId: number,
  input: { flag: TRiskFlag; reason: string },
) => {
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(crmPlayerFlags)
      .where(and(eq(crmPlayerFlags.playerId, playerId), eq(crmPlayerFlags.flag, input.flag)))
      .returning();
    if (!removed) throw invalidParameters({ flag: 'notSet' });
    await recordAudit(tx, actor, {
      action: 'player.unflag',
      target: { type: 'player', id: playerId },
      before: { flag: removed.flag, reason: removed.reason },
      after: null,
      reason: input.reason,
      at: now,
    });
  });
};
