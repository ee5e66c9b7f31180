/**
 * Country names in the page's language (Intl.DisplayNames, type region): the country lists of registration and
 * the profile, and the safer-gambling helplines. A code the runtime cannot name keeps the given English name.
 */
const namers = new Map<string, Intl.DisplayNames | null>();

const namer = (locale: string) => {
  if (!namers.has(locale)) {
    try {
      namers.set(locale, new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' }));
    } catch {
      namers.set(locale, null);
    }
  }
  return namers.get(locale) ?? null;
};

export const countryName = (code: string, locale: string, fallback = code) => {
  try {
    return namer(locale)?.of(code.toUpperCase()) ?? fallback;
  } catch {
    return fallback;
  }
};

/** Options of a country select: named in `locale` and sorted as that language sorts. */
export const countryOptions = (
  countries: readonly { code: string; name: string }[],
  locale: string,
): { value: string; label: string }[] => {
  const collator = new Intl.Collator(locale);
  return countries
    .map((c) => ({ value: c.code, label: countryName(c.code, locale, c.name) }))
    .sort((a, b) => collator.compare(a.label, b.label));
};
