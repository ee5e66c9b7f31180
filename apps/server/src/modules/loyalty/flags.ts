/**
 * The §3 switches of the loyalty feature, from the site config (content/site-config.json, editable in the
 * back-office): `features.isLoyaltyEnable` and `features.isCharactersEnable` gate the calls (a disabled feature
 * answers AccessDeniedException { reason: 'feature_disabled' }), and the `loyalty` section holds the §3 config.
 */
import { type TLoyaltyConfig, ZLoyaltyConfig } from '@casino/contracts/calls/loyalty';
import type { TDb } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import { getSetting } from '../metadata/index.ts';

type TFlag = 'isLoyaltyEnable' | 'isCharactersEnable';

const siteConfig = async (db: TDb) =>
  ((await getSetting(db, 'site-config')) ?? {}) as {
    features?: Record<string, unknown>;
    loyalty?: unknown;
  };

export const isLoyaltyFlagOn = async (db: TDb, flag: TFlag) => {
  const value = (await siteConfig(db)).features?.[flag];
  return typeof value === 'boolean' ? value : true;
};

export const assertLoyaltyFlag = async (db: TDb, flag: TFlag) => {
  if (!(await isLoyaltyFlagOn(db, flag)))
    throw new AppError('AccessDeniedException', { reason: 'feature_disabled', feature: flag });
};

export const loyaltyConfig = async (db: TDb): Promise<TLoyaltyConfig> => {
  const parsed = ZLoyaltyConfig.safeParse((await siteConfig(db)).loyalty ?? {});
  return {
    ...(parsed.success ? parsed.data : ZLoyaltyConfig.parse({})),
    isEnableLoyalty: await isLoyaltyFlagOn(db, 'isLoyaltyEnable'),
    isEnableCharacters: await isLoyaltyFlagOn(db, 'isCharactersEnable'),
  };
};
