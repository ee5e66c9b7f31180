/**
 * A public page's meta tags (issue 40): its `<title>`, meta description, and the Open Graph and Twitter copies of
 * them, server-rendered by the route's `meta`. The page gives its own words (a game's name and provider, a promotion's
 * title and text); what it lacks comes from the operator's SEO settings of this host (`seo.default`: the description,
 * the share image), then from the site's own words and icon. The canonical URL, og:url, og:type, og:site_name and
 * og:locale are the document's (seo-head.tsx), on every page.
 */
import type { MetaDescriptor } from 'react-router';
import { metaText, seoOf } from '../../lib/site/page-title';
import { absolute } from './seo';

type TMatches = Parameters<typeof seoOf>[0];

/** The share image when neither the page nor the operator names one: the site's own icon (public/icons). */
export const DEFAULT_SHARE_IMAGE = '/icons/icon-512.png';

export interface TPageMeta {
  /** The whole `<title>`, brand included. */
  title: string;
  /** The page's own description ('' or absent: the operator's default, then the site's). */
  description?: string;
  /** The page's own share image, a path or an address (a game's art, a promotion's banner). */
  image?: string | null;
}

/** Descriptions are cut near the length search engines show, at a word. */
const MAX_DESCRIPTION = 300;
const clip = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= MAX_DESCRIPTION) return flat;
  const cut = flat.slice(0, MAX_DESCRIPTION - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 200 ? cut.lastIndexOf(' ') : cut.length)}…`;
};

export const pageMeta = (matches: TMatches, page: TPageMeta): MetaDescriptor[] => {
  const seo = seoOf(matches);
  const origin = seo?.origin ?? '';
  const description = clip(
    page.description ||
      seo?.description ||
      metaText(matches, [
        'pages.titles.homeDescription',
        'Slots, live casino and sports betting with fast payouts, fair games and 24/7 support.',
      ]),
  );
  const image =
    (page.image && absolute(origin, page.image)) || seo?.image || absolute(origin, DEFAULT_SHARE_IMAGE);
  return [
    { title: page.title },
    { name: 'description', content: description },
    { property: 'og:title', content: page.title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
};
