/**
 * The operator's SEO settings (spec §3: default title and description, canonical URL, organization, product, robots,
 * meta tags, favicons, FAQ, breadcrumbs; per-domain overrides) as the document's head needs them: read from the
 * server's domain lookup (`/nfx/seo?host=`), once per SHARED_TTL_MS per host like the other shared settings, so an
 * operator's change reaches the server-rendered pages within that time (issue 40, ADR 066).
 */

type TRecord = Record<string, unknown>;
const asRecord = (v: unknown): TRecord =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as TRecord) : {};
const asText = (v: unknown) => (typeof v === 'string' ? v : '');
const asTags = (v: unknown) =>
  (Array.isArray(v) ? v : [])
    .map((item) =>
      Object.fromEntries(
        Object.entries(asRecord(item)).filter((e): e is [string, string] => typeof e[1] === 'string'),
      ),
    )
    .filter((tag) => Object.keys(tag).length > 0);

export interface TSeoHead {
  title: string;
  description: string;
  keywords: string;
  /** The share image, absolute. */
  image: string;
  /** Where canonical URLs start (the setting, or this request's origin), without a trailing slash. */
  origin: string;
  robots: string;
  /** Extra meta tags as given (`format-detection`, verification tags…). */
  meta: Record<string, string>[];
  /** The favicon set: link attributes (rel, type, sizes, href). */
  favicons: Record<string, string>[];
  organization: TRecord;
  product: TRecord;
  faq: { question: string; answer: string }[];
  breadcrumbs: boolean;
  /** The operator's words per page (`promotions`) or page and language (`promotions:de`); empty fields left out. */
  pages: Record<string, { title?: string; description?: string; image?: string }>;
}

/** A path or address made absolute against the origin ('' stays ''). */
export const absolute = (origin: string, href: string) =>
  !href ? '' : /^https?:\/\//i.test(href) ? href : `${origin}${href.startsWith('/') ? '' : '/'}${href}`;

/** The lookup's answer (the defaults with the host's overrides) as the head's settings. */
export const parseSeo = (raw: unknown, requestOrigin: string): TSeoHead => {
  const seo = asRecord(raw);
  const base = asRecord(seo.default);
  const canonical = asText(seo.canonicalUrl).replace(/\/+$/, '');
  const origin = /^https?:\/\/[^\s/]+/i.test(canonical) ? canonical : requestOrigin;
  return {
    title: asText(base.title),
    description: asText(base.description),
    keywords: asText(base.keywords),
    image: absolute(origin, asText(base.image)),
    origin,
    robots: asText(asRecord(seo.robots).meta),
    meta: asTags(seo.meta).filter((tag) => tag.name !== 'description' && tag.name !== 'robots'),
    favicons: asTags(seo.favicons).filter(
      (link) => typeof link.href === 'string' && typeof link.rel === 'string',
    ),
    organization: asRecord(seo.organization),
    product: asRecord(seo.product),
    faq: (Array.isArray(seo.faq) ? seo.faq : [])
      .map((item) => ({ question: asText(asRecord(item).question), answer: asText(asRecord(item).answer) }))
      .filter((item) => item.question && item.answer),
    breadcrumbs: seo.breadcrumbs !== false,
    pages: Object.fromEntries(
      Object.entries(asRecord(seo.pages)).map(([key, value]) => {
        const words = asRecord(value);
        return [
          key,
          Object.fromEntries(
            (['title', 'description', 'image'] as const)
              .map((field) => [field, asText(words[field]).trim()] as const)
              .filter(([, text]) => text !== ''),
          ),
        ];
      }),
    ),
  };
};

/** JSON for a `<script type="application/ld+json">`: `<` escaped so no text in a setting closes the script. */
export const ldJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const compact = (record: TRecord) =>
  Object.fromEntries(
    Object.entries(record).filter(
      ([, v]) => v !== '' && v !== null && v !== undefined && !(Array.isArray(v) && !v.length),
    ),
  );

/** schema.org Organization: the setting's fields, its URL and logo absolute. */
export const organizationLd = (seo: TSeoHead) => {
  const o = seo.organization;
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: asText(o.name),
    url: absolute(seo.origin, asText(o.url)) || `${seo.origin}/`,
    logo: absolute(seo.origin, asText(o.logo)),
    email: asText(o.email),
    sameAs: Array.isArray(o.sameAs) ? o.sameAs.filter((s) => typeof s === 'string') : [],
  });
};

/** schema.org Product (the home page): the setting's name, description and brand. */
export const productLd = (seo: TSeoHead) => {
  const p = seo.product;
  const brand = asText(p.brand);
  return compact({
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: asText(p.name),
    description: asText(p.description),
    image: seo.image,
    ...(brand && { brand: { '@type': 'Brand', name: brand } }),
  });
};

/** schema.org FAQPage (the home page) from the FAQ setting; null without questions. */
export const faqLd = (seo: TSeoHead) =>
  seo.faq.length === 0
    ? null
    : {
        '@context': 'https://schema.org',
        '@type': 'FAQPage',
        mainEntity: seo.faq.map((item) => ({
          '@type': 'Question',
          name: item.question,
          acceptedAnswer: { '@type': 'Answer', text: item.answer },
        })),
      };

const words = (segment: string) => {
  const text = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

/**
 * schema.org BreadcrumbList of a page below the home page: the home page (named `home`), then each segment of the
 * path in readable words, each with its URL. Null on the home page itself.
 */
export const breadcrumbLd = (
  seo: TSeoHead,
  input: { home: string; prefix: string; path: string; title?: string },
) => {
  const segments = input.path.split('/').filter(Boolean);
  if (segments.length === 0) return null;
  const items = [{ name: input.home, url: `${seo.origin}${input.prefix || ''}/` }];
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    items.push({
      name: last && input.title ? input.title : words(segment),
      url: `${seo.origin}${input.prefix}/${segments.slice(0, i + 1).join('/')}`,
    });
  });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.name,
      item: item.url,
    })),
  };
};
