/** robots.txt from the SEO settings: one group per rule, then the sitemap line on the public URL. */
import type { TSeoSettings } from '@casino/contracts/calls/metadata';

export const renderRobots = (robots: TSeoSettings['robots'], publicUrl: string): string => {
  const lines: string[] = [];
  for (const rule of robots.rules) {
    lines.push(`User-agent: ${rule.userAgent}`);
    for (const path of rule.allow) lines.push(`Allow: ${path}`);
    for (const path of rule.disallow) lines.push(`Disallow: ${path}`);
    lines.push('');
  }
  if (robots.sitemap) {
    const sitemap = /^https?:\/\//.test(robots.sitemap)
      ? robots.sitemap
      : new URL(robots.sitemap, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
    lines.push(`Sitemap: ${sitemap}`);
  }
  return `${lines.join('\n').trimEnd()}\n`;
};
