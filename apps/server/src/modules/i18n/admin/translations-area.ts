/**
 * Content › Translations: overrides of the site's words per language (the i18n module's): search, edit, remove,
 * the keys a language lacks. Every change is audited with before and after; a refused override shows its field
 * error, other refusals a flash.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  attempt,
  formString,
  parseForm,
  queryOf,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { listLocales } from '../locales-service.ts';
import {
  effectiveText,
  messageRows,
  missingRows,
  removeOverride,
  saveOverride,
  searchRows,
} from '../overrides-admin.ts';
import { FALLBACK_LOCALE } from '../translate.ts';
import { TRANSLATIONS_ERRORS } from './translations-flash.ts';
import { missingBody, translationsBody } from './translations-page.ts';

const LIST_LIMIT = 200;
const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** An override's form (the i18n module checks the key, the text and its placeholders); `back`: the list it came from. */
const ZOverrideForm = z.object({ key: formString(), value: formString(), back: formString() });

export const translationsArea: TRouteArea = (admin, kit, ctx) => {
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
  const backOf = (back: string, locale: string) =>
    /^\/admin\/content\/translations(\/[\w-]+\/missing|\?[\w=&.%+!~*'()-]*)?$/.test(back)
      ? back
      : `/admin/content/translations?locale=${encodeURIComponent(locale)}`;
  const withFlash = (back: string, flash: string) => `${back}${back.includes('?') ? '&' : '?'}${flash}`;

  admin.post('/content/translations/:locale/save', async (request, reply) => {
    await kit.need(request, 'content.edit');
    const { locale = '' } = paramsOf(request);
    const { key, value, ...form } = parseForm(ZOverrideForm, request.body);
    const back = backOf(form.back, locale);
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
      const text = TRANSLATIONS_ERRORS[`value_${fields.value}`] ?? 'Not valid.';
      return translationsPage(request, reply, locale, key, { [key]: text }, 422);
    }
    return reply.redirect(withFlash(back, 'ok=translation_saved'), 303);
  });

  admin.post('/content/translations/:locale/remove', async (request, reply) => {
    await kit.need(request, 'content.edit');
    const { locale = '' } = paramsOf(request);
    const { key, ...form } = parseForm(ZOverrideForm, request.body);
    const back = backOf(form.back, locale);
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
};
