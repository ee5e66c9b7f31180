/** What metadata.get and getgeneralinfo answer: only the public settings, parsed by their contracts. */
import {
  type TGeneralInfo,
  type TSeoSettings,
  ZCustomCodeEntry,
  ZGeneralInfo,
  ZRedirect,
  ZRegistrationConfig,
  ZSeoSettings,
  ZSiteConfig,
} from '@casino/contracts/calls/metadata';
import { z } from 'zod';
import type { TDb } from '../../platform/db/database.ts';
import { localeSettings } from '../i18n/locales-service.ts';
import { getSetting } from './settings-service.ts';

export const loadSeo = async (db: TDb): Promise<TSeoSettings> =>
  ZSeoSettings.parse(await getSetting(db, 'seo'));
export const loadRedirects = async (db: TDb) => z.array(ZRedirect).parse(await getSetting(db, 'redirects'));

export const publicMetadata = async (db: TDb) => {
  const site = ZSiteConfig.parse(await getSetting(db, 'site-config'));
  const registration = ZRegistrationConfig.parse(await getSetting(db, 'registration-config'));
  const { domains: _domains, ...seo } = await loadSeo(db);
  const customCode = z
    .array(ZCustomCodeEntry)
    .parse(await getSetting(db, 'custom-code'))
    .filter((entry) => entry.isEnabled);
  return { ...site, registration, seo: { ...seo, redirects: await loadRedirects(db) }, customCode };
};

export const generalInfo = async (db: TDb): Promise<TGeneralInfo> => {
  const stored = (await getSetting(db, 'general-info')) as Record<string, unknown>;
  const { locales } = await localeSettings(db);
  return ZGeneralInfo.parse({ ...stored, available_locales: locales.map((l) => l.code) });
};

/** The SEO settings for one host: the domain's overrides merged over the defaults. */
export const seoForHost = (seo: TSeoSettings, host: string) => {
  const { domains, ...base } = seo;
  const bare = host.toLowerCase().replace(/:\d+$/, '');
  const override = domains[bare] ?? domains[bare.replace(/^www\./, '')] ?? {};
  return { host: bare, ...base, ...override };
};
