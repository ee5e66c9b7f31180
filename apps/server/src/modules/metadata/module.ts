/**
 * Site metadata: metadata.get / getgeneralinfo, the per-locale CMS config, content pages, robots.txt and the
 * domain SEO lookup. Its tables hold the operator settings seeded from content/.
 */
import { ZBannersGet } from '@casino/contracts/calls/banners';
import { ZMetadataGet, ZMetadataGetGeneralInfo } from '@casino/contracts/calls/metadata';
import type { FastifyInstance } from 'fastify';
import type { TAppContext, TModule } from '../../platform/context.ts';
import { publicUrl } from '../../platform/public-url.ts';
import { findEnabledLocale, localeSettings } from '../i18n/index.ts';
import { listBanners } from './banners.ts';
import { resolveCmsBanners } from './cms-banners.ts';
import { isMarketingPausedFor } from './marketing-pause-rule.ts';
import { generalInfo, loadSeo, publicMetadata, seoForHost } from './public-metadata.ts';
import { renderRobots } from './robots.ts';
import { getCmsConfig, getPage, seedContent } from './settings-service.ts';
import { socialServicesOf } from './social-services.ts';
import { validateContent } from './validate-content.ts';

const notFound = (message: string) => ({ error: 'NotFound', message });

const register = (app: FastifyInstance, ctx: TAppContext) => {
  ctx.api.handle(ZMetadataGet, () => publicMetadata(ctx.db, socialServicesOf(ctx)));
  ctx.api.handle(ZMetadataGetGeneralInfo, () => generalInfo(ctx.db));
  ctx.api.handle(ZBannersGet, async (params, request) =>
    listBanners(ctx, {
      ...params,
      locale: request.locale,
      isPaused: await isMarketingPausedFor(ctx, request),
      playerId: request.player?.id ?? null,
    }),
  );

  app.get('/nfx/cms-config/:locale', async (request, reply) => {
    const { locale } = request.params as { locale: string };
    if (!(await findEnabledLocale(ctx.db, locale))) return reply.status(404).send(notFound('Unknown locale'));
    const config =
      (await getCmsConfig(ctx.db, locale)) ??
      (await getCmsConfig(ctx.db, (await localeSettings(ctx.db)).defaultLocale));
    if (!config) return reply.status(404).send(notFound('No CMS config'));
    // Short: the banners follow the live offers and features (the site keeps its copy 10 s too). Shared by every
    // visitor and player of the locale: no segment-targeted banner in it (ADR 074), whoever asks.
    reply.header('cache-control', 'public, max-age=10');
    return resolveCmsBanners(ctx, config);
  });

  app.get('/nfx/pages/:locale/:slug', async (request, reply) => {
    const { locale, slug } = request.params as { locale: string; slug: string };
    const { defaultLocale } = await localeSettings(ctx.db);
    const page = (await getPage(ctx.db, slug, locale)) ?? (await getPage(ctx.db, slug, defaultLocale));
    if (!page) return reply.status(404).send(notFound('Page not found'));
    return {
      slug: page.slug,
      locale: page.locale,
      title: page.title,
      description: page.description,
      body: page.body,
    };
  });

  app.get('/nfx/seo', async (request) => {
    const host = String((request.query as Record<string, unknown>).host ?? '') || request.host;
    return seoForHost(await loadSeo(ctx.db), host);
  });

  // The host's robots (a domain may override the defaults), kept by caches as long as the other settings (10 s).
  app.get('/robots.txt', async (request, reply) => {
    const seo = seoForHost(await loadSeo(ctx.db), request.host);
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=10');
    return renderRobots(seo.robots, publicUrl(ctx.config));
  });
};

export const metadataModule: TModule = {
  name: 'metadata',
  register,
  async seed(ctx) {
    validateContent(ctx.contentDir);
    await seedContent(ctx.db, ctx.contentDir);
  },
};
