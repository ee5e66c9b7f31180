/**
 * The player list under /admin/players: browse with filters, sorting and pages; export as CSV (streamed); saved
 * segments; bulk tag and message on a segment. The player's page (/admin/players/:id) is the players area's.
 */
import { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  can,
  flashCodeOf,
  formAmount,
  formChoice,
  formFlag,
  formKey,
  formOptional,
  formReason,
  formString,
  pageOf,
  parseForm,
  queryOf,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { listTemplates } from '../../bonuses/index.ts';
import { bulkMessage, bulkTag } from '../bulk.ts';
import { planBulkBonus, runBulkBonus } from '../bulk-bonus.ts';
import { playersCsv } from '../export.ts';
import { levelNames } from '../levels.ts';
import { tagOf, tagsInUse } from '../player-crm.ts';
import { filledFields, filterQueryOf, parseFilter, type TFilterQuery } from '../player-filter.ts';
import { listPlayers, playerMarks } from '../player-list.ts';
import { deleteSegment, findSegment, saveSegment, segmentsOf } from '../segments.ts';
import { bulkBonusConfirmBody } from './bulk-bonus-page.ts';
import { listHref, playerListBody } from './list-page.ts';

const text = (max: number) => z.string().trim().min(1, 'requiredField').max(max, 'maxLength').prefault('');
const ZSegmentForm = z.object({ segment_name: text(80), shared: formFlag() });
/** The tag to give (not `tag`, which is the filter's field the form also carries). */
const ZTagForm = z.object({ add_tag: formString() });
const ZBulkBonusForm = z.object({
  bonus_template: text(100),
  amount: formOptional(formAmount()),
  reason: formReason(),
  key: formOptional(formKey()),
  confirmed: formFlag(),
});
const ZMessageForm = z.object({
  channel: formChoice(['email', 'sms'] as const),
  subject: text(150),
  message: text(2000),
});

/** The filter fields a form carries (as hidden inputs) back as a filter query. */
const postedQuery = (body: unknown): TFilterQuery => filterQueryOf((body ?? {}) as Record<string, unknown>);

export const playerListArea: TRouteArea = (admin, kit, ctx) => {
  admin.get('/players', async (request, reply) => {
    const operator = await kit.need(request, 'players.read');
    const raw = queryOf(request);
    const segmentParam = Number(raw.segment ?? 0);
    const segment =
      Number.isSafeInteger(segmentParam) && segmentParam > 0
        ? await findSegment(ctx.db, operator.id, segmentParam)
        : undefined;
    const query = filterQueryOf(raw);
    const { filter, ignored } = parseFilter(query);
    const page = pageOf(request);
    const now = ctx.providers.clock.now();
    const bonus = can(operator.role, 'bonuses.grant') && can(operator.role, 'crm.edit');
    const [list, segments, levels, tags, templates] = await Promise.all([
      listPlayers(ctx.db, filter, page, now),
      segmentsOf(ctx.db, operator.id),
      levelNames(ctx.db),
      tagsInUse(ctx.db),
      bonus ? listTemplates(ctx.db) : [],
    ]);
    const marks = await playerMarks(
      ctx.db,
      list.rows.map((r) => r.id),
      now,
    );
    return kit.render(
      request,
      reply,
      segment ? `Players · ${segment.name}` : 'Players',
      'players',
      playerListBody({
        query,
        ignored,
        ...list,
        marks,
        page,
        segments,
        segmentId: segment?.id ?? null,
        levels,
        tags,
        templates: templates.filter((t) => t.isActive).map((t) => t.sysname),
        csrf: kit.csrfOf(request),
        can: {
          export: can(operator.role, 'players.export'),
          edit: can(operator.role, 'crm.edit'),
          bonus,
        },
      }),
    );
  });

  admin.get('/players/export.csv', async (request, reply) => {
    const operator = await kit.need(request, 'players.export');
    const query = filterQueryOf(queryOf(request));
    const { filter } = parseFilter(query);
    const now = ctx.providers.clock.now();
    await recordAudit(ctx.db, kit.actorOf(request), {
      action: 'players.export',
      target: { type: 'segment', id: new URLSearchParams(filledFields(query)).toString() },
      after: { by: operator.email },
      at: now,
    });
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="players-${now.toISOString().slice(0, 10)}.csv"`)
      .send(playersCsv(ctx, filter));
  });

  admin.post('/players/segments', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const query = postedQuery(request.body);
    const actor = kit.actorOf(request);
    try {
      const form = parseForm(ZSegmentForm, request.body);
      const segment = await saveSegment(
        ctx,
        { ...actor, id: actor.id ?? 0 },
        { name: form.segment_name, shared: form.shared, query },
      );
      // To the segment just saved (its link is the list with its filter).
      return reply.redirect(listHref(query, { segment: String(segment.id), ok: 'segment_saved' }), 303);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.redirect(listHref(query, { error: flashCodeOf(error) }), 303);
    }
  });

  admin.post('/players/segments/:id/delete', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const id = Number((request.params as { id: string }).id);
    const actor = kit.actorOf(request);
    return kit.act(reply, '/admin/players', 'segment_deleted', () =>
      deleteSegment(ctx, { ...actor, id: actor.id ?? 0 }, Number.isSafeInteger(id) ? id : 0),
    );
  });

  admin.post('/players/bulk/tag', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const query = postedQuery(request.body);
    return kit.act(reply, listHref(query), 'bulk_tagged', async () => {
      const { add_tag } = parseForm(ZTagForm, request.body);
      await bulkTag(ctx, kit.actorOf(request), query, tagOf(add_tag, 'add_tag'));
    });
  });

  // A segment's bonus: a confirmation page first, then the grants (or, over the limit, their approval requests).
  admin.post('/players/bulk/bonus', async (request, reply) => {
    const operator = await kit.need(request, 'bonuses.grant');
    const query = postedQuery(request.body);
    const back = listHref(query);
    try {
      const { confirmed, bonus_template, ...parsed } = parseForm(ZBulkBonusForm, request.body);
      const form = { ...parsed, template: bonus_template, key: parsed.key ?? ctx.providers.random.uuid() };
      if (!confirmed) {
        const plan = await planBulkBonus(ctx, operator.role, query, form);
        const body = bulkBonusConfirmBody({ plan, form, query, back, csrf: kit.csrfOf(request) });
        return kit.render(request, reply, 'Confirm the segment’s bonus', 'players', body);
      }
      const done = await runBulkBonus(ctx, kit.actorOf(request), operator.role, query, form);
      return reply.redirect(
        listHref(query, { ok: done.within ? 'bulk_bonus' : 'bulk_bonus_requested' }),
        303,
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return reply.redirect(listHref(query, { error: flashCodeOf(error) }), 303);
    }
  });

  admin.post('/players/bulk/message', async (request, reply) => {
    await kit.need(request, 'crm.edit');
    const query = postedQuery(request.body);
    return kit.act(reply, listHref(query), 'bulk_messaged', async () => {
      const { channel, subject, message } = parseForm(ZMessageForm, request.body);
      await bulkMessage(ctx, kit.actorOf(request), query, { channel, subject, text: message });
    });
  });
};
