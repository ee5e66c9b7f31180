/** What metadata.get and getgeneralinfo answer: only the public settings, parsed by their contracts. */
import {
  type TGeneralInfo,
  type TRegistrationConfig,
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
import { localeSettings } from '../i18n/index.ts';
import { getSetting } from './settings-service.ts';

export const loadSeo = async (db: TDb): Promise<TSeoSettings> =>
  ZSeoSettings.parse(await getSetting(db, 'seo'));
export const loadRedirects = async (db: TDb) => z.array(ZRedirect).parse(await getSetting(db, 'redirects'));

/** The registration config's social list keeps only the services this server can sign in with. */
export const withEnabledSocial = (registration: TRegistrationConfig, services: readonly string[]) => ({
  ...registration,
  authTypes: registration.authTypes
    .map((type) =>
      type.social ? { ...type, social: type.social.filter((s) => services.includes(s.service)) } : type,
    )
    .filter((type) => type.component !== 'social' || (type.social?.length ?? 0) > 0),
});

export const publicMetadata = async (db: TDb, socialServices: readonly string[] = []) => {
  const site = ZSiteConfig.parse(await getSetting(db, 'site-config'));
  const registration = withEnabledSocial(
    ZRegistrationConfig.parse(await getSetting(db, 'registration-config')),
    socialServices,
  );
  const { domains: _domains, ...seo } = await loadSeo(db);
  const customCode = z
    .array(ZCustomCodeEntry)
    .parse(await getSetting(db, 'custom-code'))
    .filter((entry) => entry.isEnabled);
  // The loyalty section's switches are the feature flags (one switch each).
  const loyalty = {
    ...site.loyalty,
    isEnableLoyalty: site.features.isLoyaltyEnable,
    isEnableCharacters: site.features.isCharactersEnable,
  };
  return {
    ...site,
    loyalty,
    registration,
    seo: { ...seo, redirects: await loadRedirects(db) },
    customCode,
  };
};

export const generalInfo = async (db: TDb): Promise<TGeneralInfo> => {
  const stored = (await getSetting(db, 'general-info')) as Record<string, unknown>;
  const { locales } = await localeSettings(db);
  return ZGeneralInfo.parse({ ...stored, available_locales: locales.map((l) => l.code) });
};

/** The parts of the SEO settings a domain overrides field by field (its title alone keeps the default description). */
const MERGED_PARTS = ['default', 'organization', 'product', 'robots'] as const;
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The SEO settings for one host: the domain's overrides merged over the defaults. */
export const seoForHost = (seo: TSeoSettings, host: string) => {
  const { domains, ...base } = seo;
  const bare = host.toLowerCase().replace(/:\d+$/, '');
  const override = domains[bare] ?? domains[bare.replace(/^www\./, '')] ?? {};
  const merged: Record<string, unknown> = { host: bare, ...base, ...override };
  for (const part of MERGED_PARTS)
    if (isRecord(override[part])) merged[part] = { ...base[part], ...override[part] };
  return merged as Omit<TSeoSettings, 'domains'> & { host: string };
};
