/**
 * The redirect tester: where the site sends a path with the operator's redirects. The same rules as the site's
 * `matchRedirect` (apps/web/app/lib/site/redirects.ts; a test keeps the two in step): the first rule that matches
 * wins, `*` matches any rest of the path and may be reused in the target, trailing slashes do not count.
 */
import type { TRedirect } from '@casino/contracts/calls/metadata';

const escapeRegex = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

export const testRedirect = (
  input: string,
  redirects: readonly TRedirect[],
): { rule: number; target: string } | null => {
  const path = trimSlash(input.split(/[?#]/)[0] ?? '');
  for (const [rule, { from_url, to_url }] of redirects.entries()) {
    const pattern = new RegExp(`^${escapeRegex(trimSlash(from_url)).replaceAll('*', '(.*)')}$`);
    const match = pattern.exec(path);
    if (!match) continue;
    return { rule, target: to_url.includes('*') ? to_url.replaceAll('*', match[1] ?? '') : to_url };
  }
  return null;
};
