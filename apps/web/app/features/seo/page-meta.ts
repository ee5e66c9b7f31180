/**
 * A public page's meta tags (issue 40): its `<title>`, meta description, and the Open Graph and Twitter copies of
 * them, server-rendered by the route's `meta`. The operator's words for the page (SEO settings' `pages`, for the page's
 * language or every language) come first; then the page's own (a game's name and provider, a promotion's title and
 * text, the site's words in the page's language); what is still missing comes from the operator's defaults for this
 * host (`seo.default`: the description, the share image), then from the site's own words and icon. The canonical URL, og:url, og:type, og:site_name and
 * og:locale are the document's (seo-head.tsx), on every page.
 */
import type { TSeoPageId } from '@casino/contracts/calls/metadata';
import type { MetaDescriptor } from 'react-router';
import { metaText, seoOf } from '../../lib/site/page-title';
import { absolute, type TSeoHead } from './seo';

type TMatches = Parameters<typeof seoOf>[0];

const localeOf = (matches: TMatches) =>
  (matches.find((m) => m?.id === 'root')?.data as { locale?: string } | undefined)?.locale ?? '';

/** The operator's words for this page: those for its language first, then those for every language. */
export const operatorWords = (seo: TSeoHead | undefined, id: TSeoPageId | undefined, locale: string) => {
  if (!seo || !id) return {};
  return { ...seo.pages[id], ...seo.pages[`${id}:${locale}`] };
};

/** The share image when neither the page nor the operator names one: the site's own icon (public/icons). */
export const DEFAULT_SHARE_IMAGE = '/icons/icon-512.png';

export interface TPageMeta {
  /** Which page it is, for the operator's words (SEO settings' `pages`): they win over the page's own. */
  id?: TSeoPageId;
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
  const words = operatorWords(seo, page.id, localeOf(matches));
  const title = words.title || page.title;
  const description = clip(
    words.description ||
      page.description ||
      seo?.description ||
      metaText(matches, [
        'pages.titles.homeDescription',
        'Slots, live casino and sports betting with fast payouts, fair games and 24/7 support.',
      ]),
  );
  const own = words.image || page.image;
  const image = (own && absolute(origin, own)) || seo?.image || absolute(origin, DEFAULT_SHARE_IMAGE);
  return [
    { title },
    { name: 'description', content: description },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
};
