/** The locale and theme cookies (spec §9: one year). */
export const LOCALE_COOKIE = 'locale';
export const THEME_COOKIE = 'theme';
export const ONE_YEAR_SECONDS = 31_536_000;
export const THEMES = ['dark', 'light'] as const;
export type TTheme = (typeof THEMES)[number];
export const DEFAULT_THEME: TTheme = 'dark';

export const readCookie = (header: string | null | undefined, name: string): string | undefined => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
};

export const serializeCookie = (name: string, value: string) =>
  `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`;

export const writeCookie = (name: string, value: string) => {
  // biome-ignore lint/suspicious/noDocumentCookie: a plain one-year preference cookie, read by the server
  document.cookie = serializeCookie(name, value);
};

export const asTheme = (value: string | undefined): TTheme =>
  THEMES.includes(value as TTheme) ? (value as TTheme) : DEFAULT_THEME;
