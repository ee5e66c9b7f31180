/** Site metadata (spec §3 Site config flags, Registration config, General info, Custom code entries; §7 Other). */
import { z } from 'zod';
import { defineCall, type TCallContract, zEmpty } from '../call.ts';
import { ZLoyaltyConfig } from './loyalty.ts';

export const ZSettingsForUpdBalance = z.object({
  isEnabledInterval: z.boolean(),
  countSecondsForInterval: z.number().int().positive(),
  isEnabledTurnOffRequests: z.boolean(),
  countMinutesAfterWhichRequestsTurnedOff: z.number().int().positive(),
  isEnabledRequestsAfterClick: z.boolean(),
  countSecondsForDelayBetweenClick: z.number().int().nonnegative(),
});

export const ZValidatorConfigEntry = z.object({
  field: z.string(),
  rules: z.array(z.string()),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
});

/** The public part of content/site-config.json; its `private` section never leaves the server. */
export const ZSiteConfig = z.object({
  features: z.object({
    isTwoFAEnable: z.boolean(),
    isVerificationEnable: z.boolean(),
    isResponsibleGamingEnable: z.boolean(),
    isBetHistoryEnable: z.boolean(),
    isVisibleNoticeBetting: z.boolean(),
    isTitleClickable: z.boolean(),
    isLoyaltyEnable: z.boolean(),
    isCharactersEnable: z.boolean(),
    /** The header's session timer and net position (responsible gaming). */
    isSessionStatsInHeaderEnable: z.boolean().default(false),
  }),
  loader: z.object({ showPercentProgress: z.boolean(), loaderLogo: z.string(), loaderLogoAlt: z.string() }),
  popupFallback: z.object({ authPopupEnabled: z.boolean() }),
  /** Spec §4: where the game page's full-screen toggle shows — everywhere, in the messaging app only, on the site only, nowhere. */
  fullScreenVisibility: z.enum(['all', 'telegram', 'product', 'none']).default('all'),
  settingsForUpdBalance: ZSettingsForUpdBalance,
  /** Spec §3 Loyalty config (coin icon, where characters show, tutorial, notifications). */
  loyalty: ZLoyaltyConfig.prefault({}),
  validatorConfig: z.array(ZValidatorConfigEntry),
  storage: z.object({ key: z.string() }),
  analytics: z.object({
    tagManagerId: z.string(),
    tagId: z.string(),
    webAnalyticsId: z.string(),
    metricsId: z.string(),
  }),
  publicRuntimeConfig: z.object({
    cdp: z.object({ target: z.string(), token: z.string(), siteGroup: z.string() }),
    performanceMonitoringUrl: z.string(),
  }),
});
export type TSiteConfig = z.output<typeof ZSiteConfig>;

const ZConditionValue = z.enum(['emptyValue', 'firstValue', 'selectedValue']);
const ZFieldConfig = z.object({ label: z.string(), placeholder: z.string(), size: z.string() });

export const ZRegistrationConfig = z.object({
  confirmEmailPopup: z.boolean(),
  showCharacterSelect: z.boolean(),
  showPromocode: z.boolean(),
  showPromoFieldByDefault: z.boolean(),
  validationStrategy: z.enum(['eager', 'onSubmit']),
  terms: z.object({ isActive: z.boolean(), defaultValue: z.boolean() }),
  /** The operator's minimum age of a player, checked wherever a birth date is asked (absent: 18, issue 41). */
  minimumAge: z.number().int().min(0).max(100).optional(),
  /**
   * When a deposit needs the profile's required personal fields filled (spec §8 UserNeedProfileDataException, §3
   * toast type fill_for_deposit): never, before the player's first deposit, or before every deposit. Absent: never.
   */
  profileBeforeDeposit: z.enum(['never', 'first', 'always']).optional(),
  notify: z.object({ isActive: z.boolean(), defaultValue: z.boolean() }),
  markBetting: z.object({ isActive: z.boolean(), defaultValue: z.enum(['betting', 'casino']) }),
  authTypes: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      field: z.string(),
      component: z.enum(['form', 'fast', 'social']),
      isFast: z.boolean(),
      fields: z.array(z.string()).optional(),
      social: z
        .array(z.object({ id: z.string(), name: z.string(), icon: z.string(), service: z.string() }))
        .optional(),
    }),
  ),
  /** The registration fields (spec §3 Profile field definition); absent: the site's built-in list. */
  fields: z
    .array(
      z.object({
        sysname: z.string(),
        type: z.string(),
        params: z.object({ is_required: z.boolean(), is_visible: z.boolean() }),
        options: z.record(z.string(), z.unknown()).optional(),
      }),
    )
    .optional(),
  currencyConditions: z.object({
    emptyValue: ZConditionValue,
    defaultValue: ZConditionValue,
    changeCountryValue: ZConditionValue,
    changeCountryFallbackValue: ZConditionValue,
  }),
  formConfig: z
    .object({
      validation: z.record(z.string(), z.array(z.string())),
      validationErrors: z.record(z.string(), z.string()),
    })
    .catchall(z.union([ZFieldConfig, z.record(z.string(), z.unknown())])),
});
export type TRegistrationConfig = z.output<typeof ZRegistrationConfig>;

export const ZRedirect = z.object({ from_url: z.string().min(1), to_url: z.string().min(1) });
export type TRedirect = z.output<typeof ZRedirect>;

export const ZCustomCodeEntry = z.object({
  id: z.string(),
  name: z.string().optional(),
  code: z.string(),
  position: z.enum(['head', 'bodyStart', 'bodyEnd']),
  isEnabled: z.boolean(),
});
export type TCustomCodeEntry = z.output<typeof ZCustomCodeEntry>;

const ZSeoPage = z.object({
  title: z.string(),
  description: z.string(),
  keywords: z.string().optional(),
  image: z.string().optional(),
});

export const ZRobotsRule = z.object({
  userAgent: z.string(),
  allow: z.array(z.string()).default([]),
  disallow: z.array(z.string()).default([]),
});

/** The public pages whose words an operator may set (SEO settings' `pages`), as the site's routes name them. */
export const SEO_PAGE_IDS = [
  'home',
  'gamehall',
  'providers',
  'promotions',
  'offers',
  'betting',
  'loyalty',
  'tournaments',
  'jackpots',
  'winners',
  'support',
  'fairness',
  'responsible-game',
] as const;
export type TSeoPageId = (typeof SEO_PAGE_IDS)[number];

/** An operator's words for one page: each field absent or empty keeps the page's own. */
export const ZSeoPageWords = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  image: z.string().optional(),
});

/**
 * content/seo.json; `domains` holds per-host overrides merged over the rest by /nfx/seo?host=; `pages` the operator's
 * words per page, keyed by the page (`promotions`, every language) or the page in one language (`promotions:de`).
 */
export const ZSeoSettings = z.object({
  default: ZSeoPage,
  canonicalUrl: z.string(),
  organization: z.record(z.string(), z.unknown()),
  product: z.record(z.string(), z.unknown()),
  robots: z.object({ meta: z.string(), rules: z.array(ZRobotsRule), sitemap: z.string() }),
  meta: z.array(z.record(z.string(), z.string())),
  favicons: z.array(z.record(z.string(), z.string())),
  faq: z.array(z.object({ question: z.string(), answer: z.string() })),
  breadcrumbs: z.boolean(),
  pages: z.record(z.string(), ZSeoPageWords).default({}),
  domains: z.record(z.string(), z.record(z.string(), z.unknown())).default({}),
});
export type TSeoSettings = z.output<typeof ZSeoSettings>;

export const ZMetadataGet = defineCall({
  name: 'metadata.get',
  method: 'GET',
  access: 'any',
  summary:
    'Public site settings: feature flags, loader, popup fallback, balance refresh, validators, storage key, analytics ids, registration config, SEO (with redirects), enabled custom code entries and the public runtime config.',
  params: zEmpty(),
  data: ZSiteConfig.extend({
    registration: ZRegistrationConfig,
    seo: ZSeoSettings.omit({ domains: true }).extend({ redirects: z.array(ZRedirect) }),
    customCode: z.array(ZCustomCodeEntry),
  }),
});

export const ZGeneralInfo = z.object({
  analytic: z.record(z.string(), z.unknown()),
  available_currencies: z.array(z.string()),
  available_locales: z.array(z.string()),
  default_currency: z.string(),
  is_seon_enabled: z.boolean(),
  domain_state: z.string(),
  domain_type: z.string(),
  time_to_force_logout: z.number().int().nonnegative(),
  is_bonus_isolation_enabled: z.boolean(),
  is_game_history_export_enabled: z.boolean(),
  user_inactivity_cashier_time: z.number().int().nonnegative(),
  user_inactivity_pp_time: z.number().int().nonnegative(),
});
export type TGeneralInfo = z.output<typeof ZGeneralInfo>;

export const ZMetadataGetGeneralInfo = defineCall({
  name: 'metadata.getgeneralinfo',
  method: 'GET',
  access: 'any',
  summary:
    'General info: currencies, locales, SEON flag, domain state and type, forced-logout and inactivity times, feature switches.',
  params: zEmpty(),
  data: ZGeneralInfo,
});

export const metadataCalls: TCallContract[] = [ZMetadataGet, ZMetadataGetGeneralInfo];
