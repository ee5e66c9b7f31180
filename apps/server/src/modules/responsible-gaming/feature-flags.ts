/**
 * The §3 feature flags of the site config (content/site-config.json `features`, editable in the back-office)
 * gate calls on the server, not only menus in the site. A disabled feature answers AccessDeniedException
 * { reason: 'feature_disabled', feature } — not ApplicationDisabledException, whose 503 means the whole site is
 * in maintenance. A flag missing from the stored settings takes the default below.
 */
import type { TDb } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { getSetting } from '../metadata/index.ts';

export const FEATURE_DEFAULTS = {
  isTwoFAEnable: true,
  isVerificationEnable: true,
  isResponsibleGamingEnable: true,
  isBetHistoryEnable: true,
  /** The header's session timer and net position: off until the operator turns it on. */
  isSessionStatsInHeaderEnable: false,
} as const;
export type TFeatureFlag = keyof typeof FEATURE_DEFAULTS;

export const isFeatureEnabled = async (db: TDb, flag: TFeatureFlag): Promise<boolean> => {
  const site = (await getSetting(db, 'site-config')) as { features?: Record<string, unknown> } | null;
  const value = site?.features?.[flag];
  return typeof value === 'boolean' ? value : FEATURE_DEFAULTS[flag];
};

export const assertFeatureEnabled = async (db: TDb, flag: TFeatureFlag) => {
  if (!(await isFeatureEnabled(db, flag)))
    throw new AppError('AccessDeniedException', { reason: 'feature_disabled', feature: flag });
};
