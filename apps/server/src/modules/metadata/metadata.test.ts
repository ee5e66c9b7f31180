import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { testConfig } from '../../platform/config.ts';
import { apiClient, createTestApp, type TTestApp } from '../../test/test-app.ts';
import { locales } from '../i18n/schema.ts';
import { cmsConfigs, contentPages, siteSettings } from './schema.ts';
import { getSetting, updateSetting } from './settings-service.ts';

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://casino.example' } });
});
afterAll(() => t.close());

describe('metadata.get', () => {
  it('answers the public site config with the spec defaults and nothing private', async () => {
    const r = await apiClient(t.app).get('metadata.get');
    expect(r.status).toBe(200);
    expect(r.error).toBeNull();
    const d = r.data;
    expect(d.popupFallback.authPopupEnabled).toBe(true);
    expect(d.settingsForUpdBalance).toEqual({
      isEnabledInterval: false,
      countSecondsForInterval: 10,
      isEnabledTurnOffRequests: true,
      countMinutesAfterWhichRequestsTurnedOff: 5,
      isEnabledRequestsAfterClick: false,
      countSecondsForDelayBetweenClick: 1,
    });
    expect(d.storage.key).toBe('already_seen_cashback_id');
    expect(d.features.isTwoFAEnable).toBe(true);
    // The demo content asks for the terms (and the age they confirm); marketing is opted into (issue 41).
    expect(d.registration.terms).toEqual({ isActive: true, defaultValue: false });
    expect(d.registration.minimumAge).toBe(18);
    expect(d.registration.notify).toEqual({ isActive: true, defaultValue: false });
    expect(d.registration.markBetting).toEqual({ isActive: false, defaultValue: 'casino' });
    expect(d.registration.authTypes.map((a: { component: string }) => a.component)).toEqual([
      'form',
      'fast',
      'social',
    ]);
    expect(d.seo.redirects).toContainEqual({ from_url: '/casino', to_url: '/gamehall' });
    expect(d.seo.domains).toBeUndefined();
    expect(d.customCode.every((c: { isEnabled: boolean }) => c.isEnabled)).toBe(true);
    expect(d.customCode.map((c: { id: string }) => c.id)).toEqual(['theme-color']);
    expect(d.publicRuntimeConfig.cdp).toBeDefined();
    expect(d.private).toBeUndefined();
    expect(JSON.stringify(d)).not.toContain('hitTrackingParams');
  });

  it('answers every General info field, with the enabled locales', async () => {
    const r = await apiClient(t.app).get('metadata.getgeneralinfo');
    expect(r.status).toBe(200);
    expect(Object.keys(r.data).sort()).toEqual(
      [
        'analytic',
        'available_currencies',
        'available_locales',
        'default_currency',
        'is_seon_enabled',
        'domain_state',
        'domain_type',
        'time_to_force_logout',
        'is_bonus_isolation_enabled',
        'is_game_history_export_enabled',
        'user_inactivity_cashier_time',
        'user_inactivity_pp_time',
      ].sort(),
    );
    expect(r.data.default_currency).toBe('USD');
    expect(r.data.available_locales).toEqual(['en', 'es', 'de', 'fr', 'pt', 'ar']);
    await t.app.ctx.db.update(locales).set({ isEnabled: false }).where(eq(locales.code, 'pt'));
    expect((await apiClient(t.app).get('metadata.getgeneralinfo')).data.available_locales).not.toContain(
      'pt',
    );
    await t.app.ctx.db.update(locales).set({ isEnabled: true }).where(eq(locales.code, 'pt'));
  });
});

describe('non-/api content routes', () => {
  it('serves the CMS config per locale and 404 for an unknown locale', async () => {
    const ar = await t.app.inject('/nfx/cms-config/ar');
    expect(ar.statusCode).toBe(200);
    expect(ar.json().menu[0].title).toBe('صالة الألعاب');
    expect(ar.json().authBanner.offer).toBe('welcome_100');
    expect((await t.app.inject('/nfx/cms-config/en')).json().heroBanners.length).toBeGreaterThan(0);
    const unknown = await t.app.inject('/nfx/cms-config/xx');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toBe('NotFound');
  });

  it('serves content pages per locale, falling back to the default locale', async () => {
    const page = (await t.app.inject('/nfx/pages/en/terms-and-conditions')).json();
    expect(page.title).toBe('Terms and Conditions');
    expect(page.body).toContain('## 1. Eligibility');
    const de = (await t.app.inject('/nfx/pages/de/privacy-policy')).json();
    expect(de.locale).toBe('de');
    expect((await t.app.inject('/nfx/pages/en/no-such-page')).statusCode).toBe(404);
  });

  it('renders robots.txt from the SEO settings with the sitemap on PUBLIC_URL', async () => {
    const r = await t.app.inject('/robots.txt');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    expect(r.body).toContain('User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cashier');
    expect(r.body).toContain('Disallow: /profile');
    expect(r.body.trimEnd().split('\n').at(-1)).toBe('Sitemap: https://casino.example/sitemap.xml');
  });

  it('answers the SEO settings of a host, with its domain overrides', async () => {
    const seo = (await getSetting(t.app.ctx.db, 'seo')) as Record<string, unknown>;
    await updateSetting(
      t.app.ctx.db,
      'seo',
      { ...seo, domains: { 'mirror.example': { canonicalUrl: 'https://casino.example' } } },
      t.clock.now(),
    );
    const mirror = (await t.app.inject('/nfx/seo?host=www.mirror.example:443')).json();
    expect(mirror.canonicalUrl).toBe('https://casino.example');
    expect(mirror.default.title).toContain('Casino');
    const other = (await t.app.inject('/nfx/seo?host=other.example')).json();
    expect(other.canonicalUrl).toBe('');
    expect(other.host).toBe('other.example');
  });
});

describe('seed', () => {
  const snapshot = async () => {
    const db = t.app.ctx.db;
    return JSON.stringify([
      await db.select().from(siteSettings).orderBy(siteSettings.key),
      await db.select().from(cmsConfigs).orderBy(cmsConfigs.locale),
      await db.select().from(contentPages).orderBy(contentPages.slug, contentPages.locale),
      await db.select().from(locales).orderBy(locales.code),
    ]);
  };

  it('seeds every setting, CMS config and page', async () => {
    const db = t.app.ctx.db;
    expect((await db.select().from(siteSettings)).map((r) => r.key).sort()).toEqual(
      [
        'chat',
        'custom-code',
        'general-info',
        'redirects',
        'registration-config',
        'seo',
        'site-config',
      ].sort(),
    );
    expect((await db.select().from(cmsConfigs)).length).toBe(6);
    expect((await db.select().from(contentPages)).length).toBe(24);
  });

  it('changes nothing on a second start and keeps an operator edit', async () => {
    const db = t.app.ctx.db;
    const general = (await getSetting(db, 'general-info')) as Record<string, unknown>;
    await updateSetting(db, 'general-info', { ...general, time_to_force_logout: 600 }, t.clock.now());
    await db
      .update(locales)
      .set({ name: 'Deutsch (DE)', editedAt: t.clock.now() })
      .where(eq(locales.code, 'de'));
    const before = await snapshot();

    const second = await buildApp(testConfig(), { database: t.app.ctx.database });
    try {
      await second.ready();
      expect(await snapshot()).toBe(before);
      const r = await apiClient(second).get('metadata.getgeneralinfo');
      expect(r.data.time_to_force_logout).toBe(600);
    } finally {
      await second.close();
    }
  });

  it('follows a changed content file for a row nobody edited', async () => {
    const db = t.app.ctx.db;
    await db
      .update(siteSettings)
      .set({ value: { stale: true }, sourceHash: 'old' })
      .where(eq(siteSettings.key, 'redirects'));
    const second = await buildApp(testConfig(), { database: t.app.ctx.database });
    try {
      await second.ready();
      expect(await getSetting(db, 'redirects')).toContainEqual({ from_url: '/casino', to_url: '/gamehall' });
    } finally {
      await second.close();
    }
  });
});
