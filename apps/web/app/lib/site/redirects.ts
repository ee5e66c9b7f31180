/**
 * Operator redirects (spec §2, §3 Redirect: from_url, to_url): `*` in from_url matches any rest of the path
 * and may be reused in to_url; a redirect applies under any locale prefix and keeps it for internal targets.
 */
export interface TRedirect {
  from_url: string;
  to_url: string;
}

const escapeRegex = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

export const matchRedirect = (
  path: string,
  redirects: readonly TRedirect[],
  localePrefix: string,
): string | undefined => {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const { from_url, to_url } of redirects) {
    const from = from_url.length > 1 ? from_url.replace(/\/+$/, '') : from_url;
    const pattern = new RegExp(`^${escapeRegex(from).replaceAll('*', '(.*)')}$`);
    const match = pattern.exec(clean);
    if (!match) continue;
    const rest = match[1] ?? '';
    const target = to_url.includes('*') ? to_url.replaceAll('*', rest) : to_url;
    if (/^[a-z]+:\/\//i.test(target)) return target;
    if (!localePrefix) return target;
    return target === '/' ? localePrefix : `${localePrefix}${target}`;
  }
  return undefined;
};
