/** The site data of the root loader and the locale helpers every link uses. */

import { useCallback } from 'react';
import { useRouteLoaderData } from 'react-router';
import { DEFAULT_LOCALE, href } from '../../config/paths';
import type { TSiteData, TSiteValidators } from '../../lib/site/types';

export const useSite = () => useRouteLoaderData('root') as TSiteData | undefined;

/**
 * The spec's defaults, written out: importing the rules here (even their constants) would bring them into every
 * page's script (2.5 KB gzip of the home page). cms-flags.test.ts checks they equal siteValidators(undefined).
 */
export const DEFAULT_VALIDATORS: TSiteValidators = {
  passwordMin: 6,
  fakenameMin: 4,
  birthMinYear: 1900,
  codeLength: 6,
  amount: {},
};

/** The validator config list of spec §3 as the forms apply it; the spec's defaults before the site data. */
export const useValidators = (): TSiteValidators => useSite()?.cms.validators ?? DEFAULT_VALIDATORS;

export const useLocaleHref = () => {
  const site = useSite();
  const locale = site?.locale ?? DEFAULT_LOCALE;
  const defaultLocale = site?.defaultLocale ?? DEFAULT_LOCALE;
  return useCallback((path: string) => href(path, locale, defaultLocale), [locale, defaultLocale]);
};
