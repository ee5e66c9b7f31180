/**
 * Promotions › Banners: the cms config's banners of each locale, listed with a preview and edited one by one (each
 * change audited in its transaction). The preview fills in the deposit offers' figures, which the campaigns module
 * owns: the composition root (modules/admin-areas.ts) gives their reader to `bannersArea`.
 */
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import type { TExecutor } from '../../../platform/db/database.ts';
import {
  auditedUpdate,
  formDate,
  formOptional,
  formString,
  parseForm,
  queryOf,
  type TActor,
  type TRouteArea,
} from '../../backoffice/index.ts';
import { localeSettings } from '../../i18n/index.ts';
import { cmsLocales, listCmsBanners, updateCmsBanner } from '../banners-admin.ts';
import { bannerBody, bannersBody, type TPreviewFigures } from './banners-page.ts';

/** Each deposit offer's terms by sysname (live or not at `now`), as the site fills them into a banner. */
export type TOfferTermsReader = (db: TExecutor, now: Date) => Promise<TPreviewFigures['offers']>;

/** A banner's words, link and image (the metadata module checks them) and when it stops showing. */
const ZBannerForm = z.object({
  title: formString(),
  text: formString(),
  button: formString(),
  url: formString(),
  image: formString(),
  finished_at: formOptional(formDate()),
});

export const saveBanner = async (
  ctx: TAppContext,
  actor: TActor,
  input: { locale: string; slot: string; body: unknown },
) => {
  const { finished_at: finishedAt, ...words } = parseForm(ZBannerForm, input.body);
  const patch = { ...words, finishedAt };
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'banner.update', target: { type: 'banner', id: `${input.locale}:${input.slot}` } },
    (tx) => updateCmsBanner(tx, { locale: input.locale, slot: input.slot, patch, now }),
  );
};

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
          siteHref: await siteHref(locale),
          figures: await previewFigures(),
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
        }),
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
