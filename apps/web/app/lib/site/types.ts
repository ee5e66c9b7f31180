/** What the site's forms take of the validator config list (the postcode pattern comes with the country's fields). */
export type TSiteValidators = Omit<TValidatorLimits, 'postcodePattern' | 'birthMinAge'> & {
  birthMinAge?: number;
};

/** What the root loader hands the whole site (serialisable; hydrated in the browser). */

import type { TAccountInfo } from '@casino/contracts/calls/account';
import type { TLoyaltyConfig } from '@casino/contracts/calls/loyalty';
import type { TOfferTerms } from '@casino/contracts/offer-terms';
import type { TValidatorLimits } from '@casino/contracts/validator-config';
import type { TSeoHead } from '../../features/seo/seo';
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
  /** The terms of the offer the banner quotes (its texts have {percent}, {max}, {min}, {wager}). */
  terms?: TOfferTerms;
}

/** The auth popup's banner panel (spec §2): its words are translations, its figures the offer's terms. */
export interface TAuthPanelBanner {
  terms?: TOfferTerms;
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
/** The public settings of the third-party integrations (issue 16): analytics ids, CDP, monitoring, custom code. */
export interface TIntegrations {
  analytics: { tagManagerId: string; tagId: string; webAnalyticsId: string; metricsId: string };
  cdp: { target: string; token: string; siteGroup: string };
  performanceMonitoringUrl: string;
  customCode: { id: string; code: string; position: 'head' | 'bodyStart' | 'bodyEnd' }[];
}

export interface TLoaderConfig {
  showPercentProgress: boolean;
  logo: string;
  logoAlt: string;
}

export interface TCmsConfig {
  /** The operator's name (SEO organization), shown in the logo. */
  brand?: string;
  banners: TBanner[];
  /**
   * A home banner for a CRM segment is live (docs/decisions/074): it is never in this shared config, so a signed-in
   * player's browser asks banners.get for its own list.
   */
  segmentBanners?: boolean;
  /** null: the operator's panel banner cannot show now (its offer ended); undefined: none configured. */
  authBanner?: TAuthPanelBanner | null;
  menuBanner?: TBanner | null;
  pages: TFooterPage[];
  footerColumns?: TFooterColumn[];
  footerText?: string;
  redirects: TRedirect[];
  localeDetect: 'browser' | 'platform';
  flags: Record<string, boolean>;
  /** Spec §3 popup fallback (default true): false sends sign-in and sign-up to their pages instead of the popup. */
  authPopupEnabled?: boolean;
  /** Spec §3 loader: the page and game loaders' logo (none: a spinner only) and whether they count percent. */
  loader?: TLoaderConfig;
  /**
   * Spec §3 validator config: the minimums the operator raised, the birth date's minimum age and earliest year, the
   * confirmation code's length and the cashier amount's bounds (the server holds every form to them too).
   */
  validators?: TSiteValidators;
  /** Spec §3 Loyalty config (metadata.get `loyalty`); absent: the defaults (features/loyalty/components/loyalty-ui). */
  loyalty?: TLoyaltyConfig;
  /** The support e-mail (SEO organization `email`), shown on /support. */
  supportEmail?: string;
  integrations?: TIntegrations;
}

export interface TGeneralInfo {
  time_to_force_logout: number;
  /** Spec §3 General info: the /hit beacon carries a SEON session when set. */
  is_seon_enabled?: boolean;
  /** A bonus is wagered with bonus money only and a withdrawal leaves it alone (the bonus card says so). */
  is_bonus_isolation_enabled?: boolean;
  /** Spec §3: the game history's CSV export is offered (profile bets). */
  is_game_history_export_enabled?: boolean;
  /** Spec §3: the inactivity time (seconds) on the cashier's pages and on the payment pages; 0: the general one. */
  user_inactivity_cashier_time?: number;
  user_inactivity_pp_time?: number;
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
  /** A demo site (no real money): a strip on every page says so. */
  demo?: boolean;
  /** The operator's SEO settings for this host (features/seo): rendered in the head of every page. */
  seo?: TSeoHead;
  /** Where the site reports its errors (SENTRY_DSN_PUBLIC); none: no reporting, no SDK loaded. */
  errorReporting?: TErrorReportingConfig | null;
}

/** The browser's error reporting (lib/error-reporting.ts): a Sentry-compatible DSN and the environment's name. */
export interface TErrorReportingConfig {
  dsn: string;
  environment: string;
}
