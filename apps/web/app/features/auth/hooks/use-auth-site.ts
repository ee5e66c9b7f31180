/** What the popup needs from the site around it: the locale, its prefix rule, and a way to reload the user. */
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { useRevalidator, useRouteLoaderData } from 'react-router';
import { DEFAULT_LOCALE, href } from '../../../config/paths.ts';
import type { TSiteData } from '../../../lib/site/types.ts';

export const useAuthSite = () => {
  const site = useRouteLoaderData('root') as TSiteData | undefined;
  const revalidator = useRevalidator();
  const queryClient = useContext(QueryClientContext);
  const locale = site?.locale ?? DEFAULT_LOCALE;
  const defaultLocale = site?.defaultLocale ?? DEFAULT_LOCALE;
  return {
    locale,
    /** The site's locale codes (a login goes to the account's locale when it is one of them). */
    locales: (site?.locales ?? []).map((l) => l.code),
    account: site?.account ?? null,
    /** The operator's panel banner as the server resolved it (null: its offer is not live). */
    authBanner: site?.cms.authBanner,
    /** Spec §3 popup fallback: false (the operator's choice) sends sign-in and sign-up to their pages. */
    popupEnabled: site?.cms.authPopupEnabled !== false,
    localised: (path: string, forLocale = locale) => href(path, forLocale, defaultLocale),
    /** The root loader holds the account; queries (balance, profile) hang off it. */
    refreshUser: async () => {
      await Promise.all([revalidator.revalidate(), queryClient?.invalidateQueries()]);
    },
  };
};
