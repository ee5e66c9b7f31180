/**
 * The operator's SEO settings in the document's head, server-rendered with every page (issue 40, ADR 066): robots and
 * keywords, the extra meta tags (format-detection…), the canonical URL, og:url / og:type / og:site_name / og:locale
 * (a page's own og:title, og:description and og:image come with its title: page-meta.ts), the favicon set and the
 * schema.org data — the organization on every page, the product and the FAQ on the home page, the breadcrumb trail
 * below it. No code of its own runs in the browser beyond rendering these tags again while hydrating.
 */
import { useLocation } from 'react-router';
import type { TSiteData } from '../../lib/site/types';
import { breadcrumbLd, faqLd, ldJson, organizationLd, productLd, type TSeoHead } from './seo';

const LdScript = ({ value }: { value: unknown }) =>
  value ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data (not code), '<' escaped by ldJson
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: ldJson(value) }} />
  ) : null;

/** The site's own favicons when the settings name none. */
const DEFAULT_FAVICONS = [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
];

export function SeoHead({ site }: { site: TSiteData | undefined }) {
  const location = useLocation();
  const seo: TSeoHead | undefined = site?.seo;
  const favicons = seo?.favicons.length ? seo.favicons : DEFAULT_FAVICONS;
  const icons = favicons.map((link) => <link key={`${link.rel}${link.href}`} {...link} />);
  if (!seo || !site) return <>{icons}</>;
  const prefix = site.locale === site.defaultLocale ? '' : `/${site.locale}`;
  const path =
    prefix && location.pathname.startsWith(prefix)
      ? location.pathname.slice(prefix.length) || '/'
      : location.pathname;
  const isHome = path === '/' || path === '';
  const canonical = `${seo.origin}${location.pathname === '/' ? '/' : location.pathname.replace(/\/+$/, '')}`;
  const siteName = String(seo.organization.name ?? '') || site.cms.brand || '';
  return (
    <>
      {icons}
      {seo.robots ? <meta name="robots" content={seo.robots} /> : null}
      {seo.keywords ? <meta name="keywords" content={seo.keywords} /> : null}
      {seo.meta.map((tag) => (
        <meta key={`${tag.name ?? tag.property ?? tag['http-equiv']}${tag.content}`} {...tag} />
      ))}
      <link rel="canonical" href={canonical} />
      <meta property="og:type" content="website" />
      <meta property="og:url" content={canonical} />
      {siteName ? <meta property="og:site_name" content={siteName} /> : null}
      <meta property="og:locale" content={site.locale} />
      <LdScript value={organizationLd(seo)} />
      {isHome ? <LdScript value={productLd(seo)} /> : null}
      {isHome ? <LdScript value={faqLd(seo)} /> : null}
      {seo.breadcrumbs && !isHome ? (
        <LdScript value={breadcrumbLd(seo, { home: siteName || 'Home', prefix, path })} />
      ) : null}
    </>
  );
}
