/** The SEO settings of the request's host, shared by every render of that host for SHARED_TTL_MS (lib/site/shared-cache). */
import { sharedValue } from '../../lib/site/shared-cache';
import { parseSeo, type TSeoHead } from './seo';

export const loadSeo = async (
  fetcher: (path: string) => Promise<Response>,
  request: Request,
): Promise<TSeoHead> => {
  const url = new URL(request.url);
  const raw = await sharedValue(`seo:${url.host}`, async () => {
    try {
      const response = await fetcher(`/nfx/seo?host=${encodeURIComponent(url.host)}`);
      return response.ok ? ((await response.json()) as unknown) : undefined;
    } catch {
      return undefined;
    }
  });
  // Canonical URLs start at the setting's address; without one, at this request's origin.
  return parseSeo(raw ?? {}, url.origin);
};
