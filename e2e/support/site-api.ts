/** The site's JSON API as a browser context calls it (its cookies): a GET, or a POST of `form` from the site's origin. */
import type { BrowserContext } from 'playwright-core';

export const callApi = async <TData = Record<string, unknown> | null, TError = { type: string } | null>(
  context: BrowserContext,
  baseUrl: string,
  name: string,
  form?: Record<string, string>,
) => {
  const url = `${baseUrl}/api/${name}?v=1&locale=en`;
  const response = form
    ? await context.request.post(url, { form, headers: { origin: baseUrl } })
    : await context.request.get(url);
  return (await response.json()) as { data: TData; error: TError };
};
