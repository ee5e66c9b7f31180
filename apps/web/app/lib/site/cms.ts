/** Reads the cms config leniently: the frame needs a few fields and must render without the rest. */
import { ZLoyaltyConfig } from '@casino/contracts/calls/loyalty';
import { asRecord, asText, parseBanner, parseTerms } from './cms-banner';
import type {
  TAuthPanelBanner,
  TBanner,
  TCmsConfig,
  TFooterColumn,
  TFooterPage,
  TIntegrations,
  TLoaderConfig,
} from './types';
import { siteValidators } from './validators';

const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

const parseAuthBanner = (value: unknown): TAuthPanelBanner | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const terms = parseTerms(asRecord(value).terms);
  return terms ? { terms } : {};
};

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
const POSITIONS = ['head', 'bodyStart', 'bodyEnd'] as const;

/** The integrations' public settings of `metadata.get` (its enabled custom code only). */
export const parseIntegrations = (metadata: Record<string, unknown>): TIntegrations => {
  const analytics = asRecord(metadata.analytics);
  const runtime = asRecord(metadata.publicRuntimeConfig);
  const cdp = asRecord(runtime.cdp);
  return {
    analytics: {
      tagManagerId: text(analytics.tagManagerId),
      tagId: text(analytics.tagId),
      webAnalyticsId: text(analytics.webAnalyticsId),
      metricsId: text(analytics.metricsId),
    },
    cdp: { target: text(cdp.target), token: text(cdp.token), siteGroup: text(cdp.siteGroup) },
    performanceMonitoringUrl: text(runtime.performanceMonitoringUrl),
    customCode: asArray(metadata.customCode).flatMap((item, index) => {
      const entry = asRecord(item);
      const position = POSITIONS.find((p) => p === entry.position);
      if (entry.isEnabled === false || !position || typeof entry.code !== 'string' || !entry.code.trim())
        return [];
      return [{ id: asText(entry.id) ?? String(index), code: entry.code, position }];
    }),
  };
};

/** Spec §3 loader of `metadata.get`: a logo only when it is an image path or address of ours to show. */
export const parseLoader = (value: unknown): TLoaderConfig => {
  const loader = asRecord(value);
  const logo = text(loader.loaderLogo);
  return {
    showPercentProgress: loader.showPercentProgress === true,
    logo: /^(\/(?!\/)|https:\/\/)/.test(logo) ? logo : '',
    logoAlt: text(loader.loaderLogoAlt),
  };
};

/** `metadata` (the `metadata.get` answer) brings the operator redirects and the feature flags. */
export const parseCmsConfig = (raw: unknown, metadata: unknown = {}): TCmsConfig => {
  const root = { ...asRecord(metadata), ...asRecord(raw) };
  if (!root.flags && asRecord(metadata).features) root.flags = asRecord(metadata).features;
  const banners: TBanner[] = asArray(root.banners ?? root.heroBanners ?? asRecord(root.home).banners)
    .map(parseBanner)
    .filter((b): b is NonNullable<typeof b> => b !== undefined);
  const authBanner = parseAuthBanner(root.authBanner);
  const menuBanner = root.menuBanner === undefined ? undefined : (parseBanner(root.menuBanner, 0) ?? null);
  const pages: TFooterPage[] = asArray(root.pages ?? root.footerPages ?? asRecord(root.footer).pages)
    .map((item) => {
      const p = asRecord(item);
      const slug = asText(p.slug);
      return slug ? { slug, title: asText(p.title) ?? slug } : undefined;
    })
    .filter((p): p is TFooterPage => p !== undefined);
  const footer = asRecord(root.footer);
  const footerColumns: TFooterColumn[] = asArray(footer.columns)
    .map((item) => {
      const c = asRecord(item);
      const links = asArray(c.links)
        .map((l) => {
          const link = asRecord(l);
          const url = asText(link.url);
          const title = asText(link.title);
          return url && title ? { url, title } : undefined;
        })
        .filter((l) => l !== undefined);
      return { title: asText(c.title) ?? '', links };
    })
    .filter((c) => c.links.length > 0);
  const seo = asRecord(root.seo);
  const redirects = asArray(root.redirects ?? seo.redirects)
    .map((item) => {
      const r = asRecord(item);
      const from = asText(r.from_url);
      const to = asText(r.to_url);
      return from && to ? { from_url: from, to_url: to } : undefined;
    })
    .filter((r) => r !== undefined);
  const flags: Record<string, boolean> = {};
  for (const [key, value] of Object.entries(asRecord(root.flags ?? root.siteConfig))) {
    if (typeof value === 'boolean') flags[key] = value;
  }
  const loyalty = ZLoyaltyConfig.safeParse(asRecord(metadata).loyalty ?? {});
  const detect = asText(root.localeDetect ?? root.localeDetectStrategy);
  const supportEmail = asText(asRecord(seo.organization).email);
  return {
    banners,
    ...(root.segmentBanners === true && { segmentBanners: true }),
    ...(authBanner !== undefined && { authBanner }),
    ...(menuBanner !== undefined && { menuBanner }),
    pages,
    footerColumns,
    footerText: asText(footer.text),
    redirects,
    localeDetect: detect === 'platform' ? 'platform' : 'browser',
    flags,
    authPopupEnabled: asRecord(asRecord(metadata).popupFallback).authPopupEnabled !== false,
    loader: parseLoader(asRecord(metadata).loader),
    validators: siteValidators(asRecord(metadata).validatorConfig),
    ...(loyalty.success && { loyalty: loyalty.data }),
    ...(supportEmail && { supportEmail }),
    integrations: parseIntegrations(asRecord(metadata)),
  };
};
