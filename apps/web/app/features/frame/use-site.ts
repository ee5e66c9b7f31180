/** The site data of the root loader and the locale helpers every link uses. */
import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import { DEFAULT_LOCALE, href } from '../../config/paths';
import type { TSiteData } from '../../lib/site/types';

export const useSite = () => useRouteLoaderData('root') as TSiteData | undefined;

export const useLocaleHref = () => {
  const site = useSite();
  const locale = site?.locale ?? DEFAULT_LOCALE;
  const defaultLocale = site?.defaultLocale ?? DEFAULT_LOCALE;
  return useCallback((path: string) => href(path, locale, defaultLocale), [locale, defaultLocale]);
};
