/**
 * Promotions › Banners: the cms config's banners of each locale, listed with a preview and edited one by one (each
 * change audited in its transaction). The preview fills in the deposit offers' figures, which the campaigns module
 * owns: the composition root (modules/admin-areas.ts) gives their reader to `bannersArea`.
 */
import { codesOf } from '@casino/contracts/audience-codes';
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import { AppError } from '../../../platform/http/app-error.ts';
import {
  auditedUpdate,
  flashCodeOf,
  formDate,
  formOptional,
  formString,
  formWhole,
  parseForm,
  queryOf,
  recordAudit,
  type TActor,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { localeSettings } from '../../i18n/index.ts';
import { audienceChoices } from '../../players/index.ts';
import { cmsLocales, listCmsBanners, updateCmsBanner } from '../banners-admin.ts';
import { addHeroBanner, changeHeroList, type TBannerListAction } from '../banners-list.ts';
import { bannerBody, bannersBody, type TPreviewFigures } from './banners-page.ts';

/** Each deposit offer's terms by sysname (live or not at `now`), as the site fills them into a banner. */
export type TOfferTermsReader = (db: TExecutor, now: Date) => Promise<TPreviewFigures['offers']>;

/**
 * A banner's words, link and image (the metadata module checks them), when it shows, and whom for: a segment and
 * player countries ("GB, DE"), on home hero banners only.
 */
const ZBannerForm = z.object({
  title: formString(),
  text: formString(),
  button: formString(),
  url: formString(),
  image: formString(),
  started_at: formOptional(formDate()),
  finished_at: formOptional(formDate()),
  segment_id: formOptional(formWhole(1, 9_999_999)),
  countries: formString(),
});

export const saveBanner = async (
  ctx: TAppContext,
  actor: TActor,
  input: { locale: string; slot: string; body: unknown },
) => {
  const {
    finished_at: finishedAt,
    started_at: startedAt,
    segment_id: segmentId,
    countries,
    ...words
  } = parseForm(ZBannerForm, input.body);
  // The menu banner's form has no segment nor countries: it keeps none.
  const isMenu = input.slot === 'menu';
  const patch = {
    ...words,
    finishedAt,
    startedAt,
    segmentId: isMenu ? undefined : segmentId,
    countries: isMenu ? undefined : codesOf(countries, 'country'),
  };
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'banner.update', target: { type: 'banner', id: `${input.locale}:${input.slot}` } },
    (tx) => updateCmsBanner(tx, { locale: input.locale, slot: input.slot, patch, now }),
  );
};

/** A new hero banner at the end of the locale's list (audited with the list's order before and after). */
const addBanner = async (ctx: TAppContext, actor: TActor, locale: string, body: unknown) => {
  const {
    finished_at: finishedAt,
    started_at: startedAt,
    segment_id: segmentId,
    countries,
    ...words
  } = parseForm(ZBannerForm, body);
  const { id } = parseForm(z.object({ id: formString() }), body);
  const now = ctx.providers.clock.now();
  return ctx.db.transaction(async (tx) => {
    const added = await addHeroBanner(tx, {
      locale,
      id: id.trim(),
      patch: { ...words, finishedAt, startedAt, segmentId, countries: codesOf(countries, 'country') },
      now,
    });
    await recordAudit(tx, actor, {
      action: 'banner.create',
      target: { type: 'banner', id: `${locale}:${added.slot}` },
      before: added.before,
      after: added.after,
      at: now,
    });
    return added.slot;
  });
};

const LIST_ACTIONS: readonly TBannerListAction[] = ['copy', 'up', 'down', 'remove'];

export const bannersArea =
  (offerTerms: TOfferTermsReader): TRouteArea =>
  (admin, kit, ctx) => {
    const canEdit = (request: Parameters<typeof kit.allowed>[0]) => kit.allowed(request)('promotions.edit');
    const siteHref = async (locale: string) =>
      locale === (await localeSettings(ctx.db)).defaultLocale ? '/' : `/${locale}`;
    const localeOf = async (asked: string | undefined) => {
      const locales = await cmsLocales(ctx.db);
      const fallback = (await localeSettings(ctx.db)).defaultLocale;
      return { locales, locale: asked && locales.includes(asked) ? asked : fallback };
    };
    // The figures banners quote, in the site's default currency (a player sees theirs).
    const previewFigures = async (): Promise<TPreviewFigures> => {
      const now = ctx.providers.clock.now();
      return { offers: await offerTerms(ctx.db, now), currency: DEFAULT_CURRENCY, now };
    };
    admin.get('/promotions/banners', async (request, reply) => {
      await kit.need(request, 'promotions.read');
      const { locales, locale } = await localeOf(queryOf(request).locale);
      return kit.render(
        request,
        reply,
        'Banners',
        'promotions',
        bannersBody({
          locale,
          locales,
          rows: (await listCmsBanners(ctx.db, locale)) ?? [],
          canEdit: canEdit(request),
          csrf: kit.csrfOf(request),
          siteHref: await siteHref(locale),
          figures: await previewFigures(),
          segments: await audienceChoices(ctx.db),
        }),
      );
    });
    admin.get('/promotions/banners/:locale/:slot', async (request, reply) => {
      await kit.need(request, 'promotions.read');
      const params = request.params as { locale: string; slot: string };
      const row = (await listCmsBanners(ctx.db, params.locale))?.find(
        (r) => r.slot === params.slot && r.editable,
      );
      if (!row) return reply.callNotFound();
      return kit.render(
        request,
        reply,
        'Banner',
        'promotions',
        bannerBody({
          locale: params.locale,
          row,
          canEdit: canEdit(request),
          csrf: kit.csrfOf(request),
          siteHref: await siteHref(params.locale),
          figures: await previewFigures(),
          segments: await audienceChoices(ctx.db),
        }),
      );
    });
    admin.post('/promotions/banners/:locale', async (request, reply) => {
      await kit.need(request, 'promotions.edit');
      const { locale } = request.params as { locale: string };
      const list = `/admin/promotions/banners${/^[a-z]{2}$/.test(locale) ? `?locale=${locale}` : ''}`;
      try {
        const slot = await addBanner(ctx, kit.actorOf(request), locale, request.body);
        return reply.redirect(`/admin/promotions/banners/${locale}/${slot}?ok=banner_created`, 303);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return reply.redirect(`${list}${list.includes('?') ? '&' : '?'}error=${flashCodeOf(error)}`, 303);
      }
    });
    for (const action of LIST_ACTIONS)
      admin.post(`/promotions/banners/:locale/:slot/${action}`, async (request, reply) => {
        await kit.need(request, 'promotions.edit');
        const { locale, slot } = request.params as { locale: string; slot: string };
        const safe = /^[a-z]{2}$/.test(locale) ? `?locale=${locale}` : '';
        const now = ctx.providers.clock.now();
        return kit.act(
          reply,
          `/admin/promotions/banners${safe}`,
          `banner_${action === 'remove' ? 'retired' : action === 'copy' ? 'copied' : 'moved'}`,
          () =>
            auditedUpdate(
              ctx,
              kit.actorOf(request),
              now,
              {
                action: `banner.${action === 'remove' ? 'retire' : action}`,
                target: { type: 'banner', id: `${locale}:${slot}` },
              },
              (tx) => changeHeroList(tx, { locale, slot, action, now }),
            ),
        );
      });
    admin.post('/promotions/banners/:locale/:slot', async (request, reply) => {
      await kit.need(request, 'promotions.edit');
      const { locale, slot } = request.params as { locale: string; slot: string };
      const safe = /^[a-z]{2}$/.test(locale) && /^(hero-\d{1,3}|menu)$/.test(slot);
      return kit.act(
        reply,
        safe ? `/admin/promotions/banners/${locale}/${slot}` : '/admin/promotions/banners',
        'banner_saved',
        () => saveBanner(ctx, kit.actorOf(request), { locale, slot, body: request.body }),
      );
    });
  };
