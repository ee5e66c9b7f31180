/**
 * Content › Pages (list, create, edit with a sanitised preview, hide or show) and image uploads for them. The
 * metadata module owns the pages; the image pipeline (platform/images.ts) serves the uploads. Translations are
 * i18n's (i18n/admin), the FAQ support's (support/admin). Every change is audited with before and after.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError, invalidParameters } from '../../../platform/http/app-error.ts';
import { storeContentImage, UPLOADED_IMAGE_PATH } from '../../../platform/image-uploads.ts';
import { ipxUrl } from '../../../platform/images.ts';
import {
  attempt,
  formFile,
  formString,
  parseForm,
  queryOf,
  recordAudit,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { listLocales } from '../../i18n/index.ts';
import { findPageRow, listPageRows, PAGE_SLUG, pageExists, savePage, setPageHidden } from '../pages-admin.ts';
import { PAGES_ERRORS } from './pages-flash.ts';
import { pageEditBody, pagesListBody, type TPageEditInput, type TPageSummary } from './pages-page.ts';

const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;

/** A new page: its address (checked), its first language and title. */
const ZNewPage = z.object({
  slug: formString().pipe(z.string().trim().regex(PAGE_SLUG, 'wrongField')),
  locale: formString(),
  title: formString(),
});
/** A page's words in one language (the metadata module checks their lengths); `_action` is preview or save. */
const ZPageForm = z.object({
  title: formString(),
  description: formString(),
  body: formString(),
  _action: formString(),
});
/** An image upload's text part: the editor to go back to (the file is its own part). */
const ZImageForm = z.object({ back: formString() });

/** The field errors of a refused save (texts from the flash table). */
const errorsOf = (error: AppError) => {
  const fields = (error.errorData.invalid_parameters ?? {}) as Record<string, string>;
  return Object.fromEntries(
    Object.entries(fields).map(([name, code]) => [name, PAGES_ERRORS[`${name}_${code}`] ?? 'Not valid.']),
  );
};

export const pagesArea: TRouteArea = (admin, kit, ctx) => {
  const localeOf = async (code: string) => (await listLocales(ctx.db)).find((l) => l.code === code) ?? null;

  admin.get('/content', async (request, reply) => {
    await kit.need(request, 'content.read');
    const rows = await listPageRows(ctx.db);
    const pages = new Map<string, TPageSummary>();
    for (const row of rows) {
      const page = pages.get(row.slug) ?? { slug: row.slug, hidden: true, locales: [] };
      page.hidden &&= row.hidden;
      page.locales.push({ code: row.locale, title: row.title, editedAt: row.editedAt });
      pages.set(row.slug, page);
    }
    const locales = await listLocales(ctx.db);
    return kit.render(
      request,
      reply,
      'Content pages',
      'content',
      pagesListBody({
        pages: [...pages.values()],
        locales,
        canEdit: kit.allowed(request)('content.edit'),
        csrf: kit.csrfOf(request),
      }),
    );
  });
  admin.get('/content/pages', async (_request, reply) => reply.redirect('/admin/content', 303));

  admin.post('/content/pages', async (request, reply) => {
    await kit.need(request, 'content.edit');
    let slug = '';
    let locale = '';
    const refused = await attempt(async () => {
      const form = parseForm(ZNewPage, request.body);
      ({ slug, locale } = form);
      if (!(await localeOf(locale))) throw invalidParameters({ locale: 'wrongField' });
      if (await pageExists(ctx.db, slug)) throw invalidParameters({ slug: 'taken' });
      const page = { slug, locale, title: form.title, description: '', body: '' };
      const now = ctx.providers.clock.now();
      await savePage(ctx.db, { ...page, now });
      await recordAudit(ctx.db, kit.actorOf(request), {
        action: 'content.page.create',
        target: { type: 'page', id: `${slug}/${locale}` },
        before: null,
        after: page,
        at: now,
      });
    });
    // A refused create goes back to the list (the page it named does not exist).
    return reply.redirect(
      refused ? `/admin/content?error=${refused}` : `/admin/content/pages/${slug}/${locale}?ok=page_created`,
      303,
    );
  });

  const editor = async (
    request: FastifyRequest,
    reply: FastifyReply,
    over: Partial<TPageEditInput> = {},
    status = 200,
  ) => {
    const { slug = '', locale = '' } = paramsOf(request);
    const found = await localeOf(locale);
    if (!PAGE_SLUG.test(slug) || !(await pageExists(ctx.db, slug)))
      return reply.redirect('/admin/content?error=page_notFound', 303);
    if (!found) return reply.redirect('/admin/content?error=locale_wrongField', 303);
    const row = await findPageRow(ctx.db, slug, locale);
    const image = queryOf(request).image ?? '';
    const input: TPageEditInput = {
      slug,
      locale,
      localeName: found.name,
      exists: Boolean(row),
      hidden: row?.hidden ?? false,
      values: { title: row?.title ?? '', description: row?.description ?? '', body: row?.body ?? '' },
      errors: {},
      preview: false,
      image: UPLOADED_IMAGE_PATH.test(image) ? { path: image, url: ipxUrl(image) } : null,
      canEdit: kit.allowed(request)('content.edit'),
      csrf: kit.csrfOf(request),
      ...over,
    };
    return kit.render(request, reply, `Page /${slug}`, 'content', pageEditBody(input), status);
  };

  admin.get('/content/pages/:slug/:locale', async (request, reply) => {
    await kit.need(request, 'content.read');
    return editor(request, reply);
  });

  admin.post('/content/pages/:slug/:locale', async (request, reply) => {
    const { _action: action, ...values } = parseForm(ZPageForm, request.body);
    if (action === 'preview') {
      await kit.need(request, 'content.read');
      return editor(request, reply, { values, preview: true });
    }
    await kit.need(request, 'content.edit');
    const { slug = '', locale = '' } = paramsOf(request);
    if (!PAGE_SLUG.test(slug) || !(await pageExists(ctx.db, slug)) || !(await localeOf(locale)))
      return editor(request, reply);
    const before = await findPageRow(ctx.db, slug, locale);
    const now = ctx.providers.clock.now();
    try {
      await savePage(ctx.db, { slug, locale, ...values, now });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return editor(request, reply, { values, errors: errorsOf(error), preview: true }, 422);
    }
    await recordAudit(ctx.db, kit.actorOf(request), {
      action: 'content.page.save',
      target: { type: 'page', id: `${slug}/${locale}` },
      before: before && { title: before.title, description: before.description, body: before.body },
      after: values,
      at: now,
    });
    return reply.redirect(`/admin/content/pages/${slug}/${locale}?ok=page_saved`, 303);
  });

  const visibility = (hidden: boolean) => async (request: FastifyRequest, reply: FastifyReply) => {
    await kit.need(request, 'content.edit');
    const { slug = '' } = paramsOf(request);
    return kit.act(reply, '/admin/content', hidden ? 'page_hidden' : 'page_shown', async () => {
      const now = ctx.providers.clock.now();
      if (!PAGE_SLUG.test(slug) || !(await setPageHidden(ctx.db, slug, hidden, now)))
        throw invalidParameters({ page: 'notFound' });
      await recordAudit(ctx.db, kit.actorOf(request), {
        action: hidden ? 'content.page.hide' : 'content.page.show',
        target: { type: 'page', id: slug },
        before: { hidden: !hidden },
        after: { hidden },
        at: now,
      });
    });
  };
  admin.post('/content/pages/:slug/hide', visibility(true));
  admin.post('/content/pages/:slug/show', visibility(false));

  admin.post('/content/images', async (request, reply) => {
    await kit.need(request, 'content.edit');
    const sentBack = parseForm(ZImageForm, request.body).back;
    const back = /^\/admin\/content\/pages\/[a-z0-9-]+\/[A-Za-z-]+$/.test(sentBack)
      ? sentBack
      : '/admin/content';
    let path = '';
    const refused = await attempt(async () => {
      const file = formFile(request.body, 'image');
      const stored = await storeContentImage(ctx.files, file ?? Buffer.alloc(0));
      await recordAudit(ctx.db, kit.actorOf(request), {
        action: 'content.image.upload',
        target: { type: 'image', id: stored.path },
        before: null,
        after: { path: stored.path, url: stored.url, bytes: stored.bytes },
        at: ctx.providers.clock.now(),
      });
      path = stored.path;
    });
    // Back to the editor with the image's path: its Markdown is shown there.
    return reply.redirect(
      refused ? `${back}?error=${refused}` : `${back}?ok=image_uploaded&image=${encodeURIComponent(path)}`,
      303,
    );
  });
};
