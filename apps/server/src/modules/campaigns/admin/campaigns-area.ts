/** Promotions › promo codes (list, create, batch, uses), cashback programs and popups (list, edit). */
import type { FastifyReply } from 'fastify';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  amountValue,
  flashCodeOf,
  idParam,
  pageOf,
  queryOf,
  type TRouteArea,
  toCsv,
} from '../../backoffice/index.ts';
import { listTemplates } from '../../bonuses/index.ts';
import { localeSettings } from '../../i18n/index.ts';
import { audienceChoices, loginsByIds } from '../../players/index.ts';
import { blankPopup } from '../popups-admin.ts';
import { findCashbackProgram, findPopup, listCashbackPrograms, listPopupRows } from '../programs-admin.ts';
import { batchCodes, findPromoCode, listPromoCodes, promoCodeUsage } from '../promo-codes-admin.ts';
import {
  copyPopupFromForm,
  createCashback,
  createCode,
  createPopupFromForm,
  generateCodes,
  retirePopupById,
  saveCashbackProgram,
  saveCodeAmount,
  savePopup,
  switchCode,
  switchOffCodeBatch,
} from './campaign-forms.ts';
import {
  cashbackBody,
  cashbackProgramBody,
  newCashbackBody,
  popupBody,
  popupsBody,
} from './campaign-pages.ts';
import { promoCodeBody, promoCodesBody } from './promo-codes-page.ts';

/** Like the kit's `act`, but a success goes where the action says (the code made, the batch listed). */
const actThenGo = async (reply: FastifyReply, back: string, action: () => Promise<string>) => {
  try {
    return reply.redirect(await action(), 303);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return reply.redirect(`${back}?error=${flashCodeOf(error)}`, 303);
  }
};

export const campaignsArea: TRouteArea = (admin, kit, ctx) => {
  const canEdit = (request: Parameters<typeof kit.allowed>[0]) => kit.allowed(request)('promotions.edit');

  // Promo codes
  admin.get('/promotions/codes', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const q = (queryOf(request).q ?? '').slice(0, 40);
    const batch = (queryOf(request).batch ?? '').slice(0, 60);
    const page = pageOf(request);
    const list = await listPromoCodes(ctx.db, { q, batch, page });
    return kit.render(
      request,
      reply,
      'Promo codes',
      'promotions',
      promoCodesBody({
        ...list,
        page,
        q,
        batch,
        templates: await listTemplates(ctx.db),
        canEdit: canEdit(request),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.post('/promotions/codes', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return actThenGo(reply, '/admin/promotions/codes', async () => {
      const row = await createCode(ctx, kit.actorOf(request), request.body);
      return `/admin/promotions/codes/${row.id}?ok=code_created`;
    });
  });
  admin.post('/promotions/codes/batch', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return actThenGo(reply, '/admin/promotions/codes', async () => {
      const { batch } = await generateCodes(ctx, kit.actorOf(request), request.body);
      return `/admin/promotions/codes?batch=${encodeURIComponent(batch)}&ok=codes_generated`;
    });
  });
  admin.get('/promotions/codes/batch.csv', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const batch = (queryOf(request).batch ?? '').slice(0, 60);
    const codes = batch ? await batchCodes(ctx.db, batch) : [];
    if (codes.length === 0) return reply.callNotFound();
    const rows = codes.map((c) => [
      c.code,
      c.template ?? '',
      amountValue(c.bonusAmount),
      c.uses,
      c.maxUses ?? '',
      c.perPlayerLimit,
      c.startsAt?.toISOString() ?? '',
      c.endsAt?.toISOString() ?? '',
      c.isActive ? 'active' : 'off',
      c.createdAt.toISOString(),
    ]);
    const header = [
      'code',
      'template',
      'bonus_amount',
      'uses',
      'max_uses',
      'per_player',
      'starts_at',
      'ends_at',
    ];
    return reply
      .type('text/csv; charset=utf-8')
      .header(
        'content-disposition',
        `attachment; filename="promo-codes-${batch.replace(/[^\w-]/g, '_')}.csv"`,
      )
      .send(toCsv([...header, 'status', 'created_at'], rows));
  });
  admin.post('/promotions/codes/batch/off', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return actThenGo(reply, '/admin/promotions/codes', async () => {
      const batch = await switchOffCodeBatch(ctx, kit.actorOf(request), request.body);
      return `/admin/promotions/codes?batch=${encodeURIComponent(batch)}&ok=codes_switched_off`;
    });
  });
  admin.get('/promotions/codes/:id', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const code = await findPromoCode(ctx.db, idParam(request));
    if (!code) return reply.callNotFound();
    const uses = await promoCodeUsage(ctx.db, code.id);
    return kit.render(
      request,
      reply,
      code.code,
      'promotions',
      promoCodeBody({
        code,
        uses,
        logins: await loginsByIds(
          ctx.db,
          uses.map((u) => u.playerId),
        ),
        templateAmount:
          (await listTemplates(ctx.db)).find((t) => t.sysname === code.template)?.amount ?? null,
        canEdit: canEdit(request),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.post('/promotions/codes/:id/amount', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return kit.act(reply, `/admin/promotions/codes/${id}`, 'code_saved', () =>
      saveCodeAmount(ctx, kit.actorOf(request), id, request.body),
    );
  });
  for (const on of [true, false])
    admin.post(`/promotions/codes/:id/${on ? 'on' : 'off'}`, async (request, reply) => {
      await kit.need(request, 'promotions.edit');
      const id = idParam(request);
      return kit.act(reply, `/admin/promotions/codes/${id}`, 'code_switched', () =>
        switchCode(ctx, kit.actorOf(request), id, on),
      );
    });

  // Cashback programs
  admin.get('/promotions/cashback', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const programs = await listCashbackPrograms(ctx.db);
    return kit.render(
      request,
      reply,
      'Cashback',
      'promotions',
      cashbackBody({ programs, canEdit: canEdit(request) }),
    );
  });
  admin.get('/promotions/cashback/new', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return kit.render(
      request,
      reply,
      'New cashback program',
      'promotions',
      newCashbackBody({ templates: await listTemplates(ctx.db), csrf: kit.csrfOf(request) }),
    );
  });
  admin.post('/promotions/cashback', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return actThenGo(reply, '/admin/promotions/cashback/new', async () => {
      const program = await createCashback(ctx, kit.actorOf(request), request.body);
      return `/admin/promotions/cashback/${program.id}?ok=cashback_created`;
    });
  });
  admin.get('/promotions/cashback/:id', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const row = await findCashbackProgram(ctx.db, idParam(request));
    if (!row) return reply.callNotFound();
    return kit.render(
      request,
      reply,
      row.program.sysname,
      'promotions',
      cashbackProgramBody({
        row,
        templates: await listTemplates(ctx.db),
        canEdit: canEdit(request),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.post('/promotions/cashback/:id', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return kit.act(reply, `/admin/promotions/cashback/${id}`, 'cashback_saved', () =>
      saveCashbackProgram(ctx, kit.actorOf(request), id, request.body),
    );
  });

  // Popups
  admin.get('/promotions/popups', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const popups = await listPopupRows(ctx.db);
    return kit.render(
      request,
      reply,
      'Popups',
      'promotions',
      popupsBody({ popups, segments: await audienceChoices(ctx.db), canEdit: canEdit(request) }),
    );
  });
  admin.get('/promotions/popups/new', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return kit.render(
      request,
      reply,
      'New popup',
      'promotions',
      popupBody({
        popup: blankPopup(ctx.providers.clock.now()),
        locale: 'en',
        locales: ['en'],
        segments: await audienceChoices(ctx.db),
        canEdit: true,
        csrf: kit.csrfOf(request),
        isNew: true,
      }),
    );
  });
  admin.post('/promotions/popups', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    return actThenGo(reply, '/admin/promotions/popups/new', async () => {
      const popup = await createPopupFromForm(ctx, kit.actorOf(request), request.body);
      return `/admin/promotions/popups/${popup.id}?ok=popup_created`;
    });
  });
  admin.post('/promotions/popups/:id/copy', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return actThenGo(reply, `/admin/promotions/popups/${id}`, async () => {
      const popup = await copyPopupFromForm(ctx, kit.actorOf(request), id, request.body);
      return `/admin/promotions/popups/${popup.id}?ok=popup_copied`;
    });
  });
  admin.post('/promotions/popups/:id/retire', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    return kit.act(reply, `/admin/promotions/popups/${id}`, 'popup_retired', () =>
      retirePopupById(ctx, kit.actorOf(request), id),
    );
  });
  admin.get('/promotions/popups/:id', async (request, reply) => {
    await kit.need(request, 'promotions.read');
    const popup = await findPopup(ctx.db, idParam(request));
    if (!popup) return reply.callNotFound();
    const locales = (await localeSettings(ctx.db)).locales.map((l) => l.code);
    const asked = queryOf(request).locale ?? 'en';
    const locale = locales.includes(asked) ? asked : 'en';
    return kit.render(
      request,
      reply,
      popup.sysname,
      'promotions',
      popupBody({
        popup,
        locale,
        locales,
        segments: await audienceChoices(ctx.db),
        canEdit: canEdit(request),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.post('/promotions/popups/:id', async (request, reply) => {
    await kit.need(request, 'promotions.edit');
    const id = idParam(request);
    const locale = String((request.body as Record<string, unknown> | undefined)?.locale ?? 'en');
    const back = `/admin/promotions/popups/${id}${/^[a-z]{2}$/.test(locale) ? `?locale=${locale}` : ''}`;
    return kit.act(reply, back, 'popup_saved', () => savePopup(ctx, kit.actorOf(request), id, request.body));
  });
};
