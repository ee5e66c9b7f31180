/**
 * Content: translation overrides (the i18n module's) and the support FAQ (the support module's). Every change is
 * audited with before and after; a refused override shows its field error, other refusals a flash.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import { listLocales } from '../../i18n/locales-service.ts';
import {
  effectiveText,
  messageRows,
  missingRows,
  removeOverride,
  saveOverride,
  searchRows,
} from '../../i18n/overrides-admin.ts';
import { FALLBACK_LOCALE } from '../../i18n/translate.ts';
import { listFaq, saveFaq, type TFaqEntry } from '../../support/faq-service.ts';
import { recordAudit } from '../audit-log.ts';
import { CONTENT_ERRORS } from '../content-flash.ts';
import { field, queryOf, type TRouteArea } from '../route-kit.ts';
import { faqBody, missingBody, translationsBody } from '../ui/content-words.ts';
import { attempt } from './content.ts';

const LIST_LIMIT = 200;
const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** An id for a new question from its words (a letter first, unique in the list). */
const newFaqId = (question: string, taken: readonly TFaqEntry[]) => {
  const words = question
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+|-+$/g, '')
    .slice(0, 30);
  const base = words || 'question';
  let id = base;
  // `add` is the add form's own address.
  for (let n = 2; id === 'add' || taken.some((t) => t.id === id); n += 1) id = `${base}-${n}`;
  return id;
};

export const contentWordsArea: TRouteArea = (admin, kit, ctx) => {
  const locales = () => listLocales(ctx.db);
  const known = async (code: string) => (await locales()).some((l) => l.code === code);
  /** The locale asked for in the query, else English. */
  const askedLocale = async (request: FastifyRequest) => {
    const code = queryOf(request).locale ?? FALLBACK_LOCALE;
    return (await known(code)) ? code : null;
  };

  const translationsPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    locale: string,
    query: string,
    errors: Record<string, string> = {},
    status = 200,
  ) => {
    const rows = await messageRows(ctx.db, ctx.contentDir, locale);
    const found = searchRows(rows, query, LIST_LIMIT);
    return kit.render(
      request,
      reply,
      'Translations',
      'content',
      translationsBody({
        locales: await locales(),
        locale,
        query,
        rows: found.rows,
        total: found.total,
        missing: missingRows(rows).length,
        canEdit: kit.allowed(request)('content.edit'),
        csrf: kit.csrfOf(request),
        errors,
      }),
      status,
    );
  };

  admin.get('/content/translations', async (request, reply) => {
    await kit.need(request, 'content.read');
    const locale = await askedLocale(request);
    if (!locale) return reply.redirect('/admin/content/translations?error=locale_wrongField', 303);
    return translationsPage(request, reply, locale, (queryOf(request).q ?? '').slice(0, 200));
  });

  admin.get('/content/translations/missing', async (request, reply) => {
    const locale = await askedLocale(request);
    return reply.redirect(`/admin/content/translations/${locale ?? FALLBACK_LOCALE}/missing`, 303);
  });

  admin.get('/content/translations/:locale/missing', async (request, reply) => {
    await kit.need(request, 'content.read');
    const { locale = '' } = paramsOf(request);
    if (!(await known(locale)))
      return reply.redirect('/admin/content/translations?error=locale_wrongField', 303);
    const missing = missingRows(await messageRows(ctx.db, ctx.contentDir, locale));
    return kit.render(
      request,
      reply,
      'Missing keys',
      'content',
      missingBody({
        locales: await locales(),
        locale,
        rows: missing.slice(0, LIST_LIMIT),
        total: missing.length,
        canEdit: kit.allowed(request)('content.edit'),
        csrf: kit.csrfOf(request),
      }),
    );
  });

  /** Where a translation form goes back to: the search or the missing list it came from. */
  const backOf = (request: FastifyRequest, locale: string) => {
    const back = field(request.body, 'back');
    return /^\/admin\/content\/translations(\/[\w-]+\/missing|\?[\w=&.%+!~*'()-]*)?$/.test(back)
      ? back
      : `/admin/content/translations?locale=${encodeURIComponent(locale)}`;
  };
  const withFlash = (back: string, flash: string) => `${back}${back.includes('?') ? '&' : '?'}${flash}`;

  admin.post('/content/translations/:locale/save', async (request, reply) => {
    await kit.need(request, 'content.edit');
    const { locale = '' } = paramsOf(request);
    const key = field(request.body, 'key');
    const value = field(request.body, 'value');
    const back = backOf(request, locale);
    const now = ctx.providers.clock.now();
    try {
      const before = await saveOverride(ctx.db, ctx.contentDir, { locale, key, value, now });
      await recordAudit(ctx.db, kit.actorOf(request), {
        action: 'content.translation.save',
        target: { type: 'translation', id: `${locale}:${key}` },
        before: { override: before.override ?? null, text: effectiveText(before) },
        after: { override: value },
        at: now,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      const fields = (error.errorData.invalid_parameters ?? {}) as Record<string, string>;
      if (!fields.value)
        return reply.redirect(
          withFlash(back, `error=${Object.keys(fields)[0]}_${Object.values(fields)[0]}`),
          303,
        );
      // The field error beside the message, with what was typed kept out of the URL: the search shows the key.
      const text = CONTENT_ERRORS[`value_${fields.value}`] ?? 'Not valid.';
      return translationsPage(request, reply, locale, key, { [key]: text }, 422);
    }
    return reply.redirect(withFlash(back, 'ok=translation_saved'), 303);
  });

  admin.post('/content/translations/:locale/remove', async (request, reply) => {
    await kit.need(request, 'content.edit');
    const { locale = '' } = paramsOf(request);
    const key = field(request.body, 'key');
    const back = backOf(request, locale);
    const refused = await attempt(async () => {
      const before = await removeOverride(ctx.db, ctx.contentDir, locale, key);
      if (!before) return;
      await recordAudit(ctx.db, kit.actorOf(request), {
        action: 'content.translation.remove',
        target: { type: 'translation', id: `${locale}:${key}` },
        before: { override: before.override ?? null },
        after: { override: null, text: before.file ?? null },
        at: ctx.providers.clock.now(),
      });
    });
    return reply.redirect(withFlash(back, refused ? `error=${refused}` : 'ok=translation_removed'), 303);
  });

  // FAQ
  const faqOf = async (locale: string) => {
    const own = await listFaq(ctx.db, locale);
    return { own: own !== null, items: own ?? (await listFaq(ctx.db, FALLBACK_LOCALE)) ?? [] };
  };

  admin.get('/content/faq', async (request, reply) => {
    await kit.need(request, 'content.read');
    const locale = await askedLocale(request);
    if (!locale) return reply.redirect('/admin/content/faq?error=locale_wrongField', 303);
    const { own, items } = await faqOf(locale);
    return kit.render(
      request,
      reply,
      'FAQ',
      'content',
      faqBody({
        locales: await locales(),
        locale,
        items,
        own,
        canEdit: kit.allowed(request)('content.edit'),
        csrf: kit.csrfOf(request),
      }),
    );
  });

  /** Changes a locale's list as a whole (checked by the support module), audited with the list before and after. */
  const changeFaq =
    (action: string, change: (items: TFaqEntry[], request: FastifyRequest) => TFaqEntry[]) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      await kit.need(request, 'content.edit');
      const { locale = '' } = paramsOf(request);
      const back = `/admin/content/faq?locale=${(await known(locale)) ? locale : FALLBACK_LOCALE}`;
      const refused = await attempt(async () => {
        if (!(await known(locale))) throw invalidParameters({ locale: 'wrongField' });
        const before = (await faqOf(locale)).items;
        const after = change(
          before.map((i) => ({ ...i })),
          request,
        );
        const now = ctx.providers.clock.now();
        await saveFaq(ctx.db, locale, after, now);
        await recordAudit(ctx.db, kit.actorOf(request), {
          action: `content.faq.${action}`,
          target: { type: 'faq', id: locale },
          before: { items: before },
          after: { items: after },
          at: now,
        });
      });
      return reply.redirect(`${back}&${refused ? `error=${refused}` : 'ok=faq_saved'}`, 303);
    };
  const indexOf = (items: TFaqEntry[], request: FastifyRequest) => {
    const i = items.findIndex((item) => item.id === paramsOf(request).id);
    if (i < 0) throw invalidParameters({ faq: 'notFound' });
    return i;
  };

  admin.post(
    '/content/faq/:locale/add',
    changeFaq('add', (items, request) => {
      const question = field(request.body, 'question').trim();
      return [
        ...items,
        { id: newFaqId(question, items), question, answer: field(request.body, 'answer').trim() },
      ];
    }),
  );
  admin.post(
    '/content/faq/:locale/:id',
    changeFaq('edit', (items, request) => {
      const item = items[indexOf(items, request)] as TFaqEntry;
      item.question = field(request.body, 'question').trim();
      item.answer = field(request.body, 'answer').trim();
      return items;
    }),
  );
  admin.post(
    '/content/faq/:locale/:id/move',
    changeFaq('move', (items, request) => {
      const i = indexOf(items, request);
      const j = field(request.body, 'dir') === 'up' ? i - 1 : i + 1;
      if (j < 0 || j >= items.length) return items;
      [items[i], items[j]] = [items[j] as TFaqEntry, items[i] as TFaqEntry];
      return items;
    }),
  );
  admin.post(
    '/content/faq/:locale/:id/remove',
    changeFaq('remove', (items, request) => items.filter((_, i) => i !== indexOf(items, request))),
  );
};
