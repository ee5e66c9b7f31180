/** Reads the cms config leniently: the frame needs a few fields and must render without the rest. */
import type { TBanner, TCmsConfig, TFooterColumn, TFooterPage } from './types';

const asRecord = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value : typeof value === 'number' ? String(value) : undefined;

/** `metadata` (the `metadata.get` answer) brings the operator redirects and the feature flags. */
export const parseCmsConfig = (raw: unknown, metadata: unknown = {}): TCmsConfig => {
  const root = { ...asRecord(metadata), ...asRecord(raw) };
  if (!root.flags && asRecord(metadata).features) root.flags = asRecord(metadata).features;
  const banners: TBanner[] = asArray(root.banners ?? root.heroBanners ?? asRecord(root.home).banners)
    .map((item, index) => {
      const b = asRecord(item);
      const title = asText(b.title ?? b.label ?? b.name);
      if (!title) return undefined;
      return {
        id: asText(b.id) ?? String(index),
        title,
        text: asText(b.text ?? b.description ?? b.addition),
        image: asText(b.image ?? b.image_url ?? b.img),
        link: asText(b.link ?? b.url ?? b.href),
        buttonText: asText(b.buttonText ?? b.button ?? b.cta),
      };
    })
    .filter((b): b is NonNullable<typeof b> => b !== undefined);
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
  const detect = asText(root.localeDetect ?? root.localeDetectStrategy);
  return {
    banners,
    pages,
    footerColumns,
    footerText: asText(footer.text),
    redirects,
    localeDetect: detect === 'platform' ? 'platform' : 'browser',
    flags,
  };
};
