/** Locales as the site sees them (spec §3 Locale; `/nfx/i18n/locales`). */
export interface TLocale {
  code: string;
  name?: string;
  nativeName?: string;
  dir?: 'ltr' | 'rtl';
}

export interface TLocaleList {
  locales: TLocale[];
  defaultLocale: string;
}

const RTL = new Set(['ar', 'he', 'fa', 'ur']);

export const localeDir = (locale: TLocale | undefined): 'ltr' | 'rtl' =>
  locale?.dir ?? (locale && RTL.has(locale.code.split('-')[0] ?? '') ? 'rtl' : 'ltr');

/** The best of `available` for an Accept-Language header (spec §9 detect strategy `browser`). */
export const detectBrowserLocale = (
  header: string | null,
  available: readonly string[],
): string | undefined => {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const exact = available.find((code) => code.toLowerCase() === tag);
    if (exact) return exact;
    const base = available.find((code) => code.toLowerCase() === tag.split('-')[0]);
    if (base) return base;
  }
  return undefined;
};
