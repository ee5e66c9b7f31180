/** A content page by slug from the cms config of the locale (seed: content/pages/{slug}/{locale}.md). */

import { renderPageBody } from '@casino/contracts/markdown';
import type { TSiteRequest } from '../../lib/site/site.server';
import { systemError } from '../../lib/site/site.server';

export interface TContentPage {
  slug: string;
  title: string;
  description?: string;
  html: string;
}

const isSlug = (slug: string) => /^[a-z0-9][a-z0-9_-]*$/i.test(slug);

export const loadContentPage = async (site: TSiteRequest, slug: string): Promise<TContentPage> => {
  if (!isSlug(slug)) throw systemError('not-found', 404);
  const response = await site
    .fetch(`/nfx/pages/${site.locale}/${encodeURIComponent(slug)}`)
    .catch(() => undefined);
  if (!response?.ok) throw systemError('not-found', 404);
  const page = (await response.json()) as { title?: string; description?: string; body?: string };
  const title = page.title || slug;
  // The body may repeat the title as its first heading; the page shows it once, as the h1.
  return { slug, title, description: page.description, html: renderPageBody(page.body ?? '') };
};
