/** What the root loader hands the whole site (serialisable; hydrated in the browser). */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import type { TTheme } from '../cookies';
import type { TLocale } from '../locale';
import type { TRedirect } from './redirects';

export interface TBanner {
  id: string;
  title: string;
  text?: string;
  image?: string;
  link?: string;
  buttonText?: string;
}

export interface TFooterPage {
  slug: string;
  title: string;
}

export interface TFooterColumn {
  title: string;
  links: { url: string; title: string }[];
}

/** The parts of `/nfx/cms-config/{locale}` the frame uses; anything missing has a safe default. */
export interface TCmsConfig {
  /** The operator's name (SEO organization), shown in the logo. */
  brand?: string;
  banners: TBanner[];
  pages: TFooterPage[];
  footerColumns?: TFooterColumn[];
  footerText?: string;
  redirects: TRedirect[];
  localeDetect: 'browser' | 'platform';
  flags: Record<string, boolean>;
}

export interface TGeneralInfo {
  time_to_force_logout: number;
}

export interface TSiteData {
  locale: string;
  defaultLocale: string;
  dir: 'ltr' | 'rtl';
  locales: TLocale[];
  theme: TTheme;
  /**
   * The namespaces this page renders (lib/i18n.ts), as JSON text from the loader (or an object); `namespaces`
   * names all of the locale's.
   */
  messages: Record<string, unknown> | string;
  namespaces?: string[];
  account: TAccountInfo | null;
  cms: TCmsConfig;
  generalInfo: TGeneralInfo;
}
