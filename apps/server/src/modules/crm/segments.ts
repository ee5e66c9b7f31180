/** Saved segments: a named filter of the player list, the operator's own or shared with every operator. */
import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { recordAudit, type TActor } from '../backoffice/index.ts';
import { isTemplateSegmentTargeted } from '../bonuses/index.ts';
import { isSegmentTargeted } from '../campaigns/index.ts';
import { isBannerSegmentTargeted } from '../metadata/index.ts';
import { filledFields, narrows, type TFilterQuery } from './player-filter.ts';
import { crmSegments, type TSegment } from './schema.ts';

/** The segments an operator sees: their own and the shared ones, by name. */
export const segmentsOf = (db: TExecutor, operatorId: number) =>
  db
    .select()
    .from(crmSegments)
    .where(or(isNull(crmSegments.ownerId), eq(crmSegments.ownerId, operatorId)))
    .orderBy(asc(crmSegments.name));

/** A segment the operator may use (their own or a shared one); undefined otherwise. */
export const findSegment = async (
  db: TExecutor,
  operatorId: number,
  id: number,
): Promise<TSegment | undefined> =>
  (
    await db
      .select()
      .from(crmSegments)
      .where(
        and(eq(crmSegments.id, id), or(isNull(crmSegments.ownerId), eq(crmSegments.ownerId, operatorId))),
      )
  )[0];

export const saveSegment = async (
  ctx: TAppContext,
  actor: TActor & { id: number },
  input: { name: string; shared: boolean; query: TFilterQuery },
) => {
  if (!narrows(input.query)) throw invalidParameters({ filter: 'requiredField' });
  const now = ctx.providers.clock.now();
  const filter = filledFields(input.query) as Record<string, string>;
  return ctx.db.transaction(async (tx) => {
    const ownerId = input.shared ? null : actor.id;
    const [taken] = await tx
      .select({ id: crmSegments.id })
      .from(crmSegments)
      .where(
        and(
          ownerId === null ? isNull(crmSegments.ownerId) : eq(crmSegments.ownerId, ownerId),
          sql`lower(${crmSegments.name}) = ${input.name.toLowerCase()}`,
        ),
      );
    if (taken) throw invalidParameters({ segment_name: 'taken' });
    const [segment] = await tx
      .insert(crmSegments)
      .values({ name: input.name, filter, ownerId, createdBy: actor.email, createdAt: now, updatedAt: now })
      .returning();
    if (!segment) throw new Error('segment insert returned nothing');
    await recordAudit(tx, actor, {
      action: 'segment.create',
      target: { type: 'segment', id: segment.id },
      after: { name: segment.name, shared: input.shared, filter },
      at: now,
    });
    return segment;
  });
};

/** Deletes a segment: the owner's own, or a shared one. */
export const deleteSegment = async (ctx: TAppContext, actor: TActor & { id: number }, id: number) => {
  const now = ctx.providers.clock.now();
  await ctx.db.transaction(async (tx) => {
    const segment = await findSegment(tx, actor.id, id);
    if (!segment) throw invalidParameters({ id: 'notFound' });
    // An offer, popup, bonus template (ADR 068) or home banner (ADR 074) targeted at it would match nobody: retire
    // or retarget it first.
    if (
      (await isSegmentTargeted(tx, id)) ||
      (await isTemplateSegmentTargeted(tx, id)) ||
      (await isBannerSegmentTargeted(tx, id))
    )
      throw invalidParameters({ segment: 'inUse' });
    await tx.delete(crmSegments).where(eq(crmSegments.id, id));
    await recordAudit(tx, actor, {
      action: 'segment.delete',
      target: { type: 'segment', id },
      before: { name: segment.name, shared: segment.ownerId === null, filter: segment.filter },
      at: now,
    });
  });
};
