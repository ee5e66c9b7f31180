/**
 * The four analytics ids of spec §3, each a vendor tag loaded only when set and only in the category the visitor
 * allowed: the tag manager (marketing), the tag, the web analytics and the metrics counter (analytics).
 */
import type { TConsent } from '../../lib/consent';
import type { TIntegrations } from '../../lib/site/types';

type TIds = TIntegrations['analytics'];
// biome-ignore lint/suspicious/noExplicitAny: the vendors' globals are untyped
type TWindow = any;

export interface TTag {
  id: keyof TIds;
  category: 'analytics' | 'marketing';
  /** Sets up the vendor's queue, then returns the script to load. */
  install(w: TWindow, value: string): string;
  identify(w: TWindow, value: string, uid: number): void;
}

export const TAGS: TTag[] = [
  {
    id: 'tagManagerId',
    category: 'marketing',
    install: (w, id) => {
      w.dataLayer ??= [];
      w.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
      return `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(id)}`;
    },
    identify: (w, _id, uid) =>
      w.dataLayer.push({ event: uid > 0 ? 'identify' : 'anonymise', user_id: uid || null }),
  },
  {
    id: 'tagId',
    category: 'analytics',
    install: (w, id) => {
      w.dataLayer ??= [];
      w.gtag ??= function gtag() {
        // biome-ignore lint/complexity/noArguments: gtag reads the arguments object itself
        w.dataLayer.push(arguments);
      };
      w.gtag('js', new Date());
      w.gtag('config', id);
      return `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    },
    identify: (w, id, uid) => w.gtag('config', id, { user_id: uid > 0 ? String(uid) : null }),
  },
  {
    id: 'webAnalyticsId',
    category: 'analytics',
    install: (w, id) => {
      w.GoogleAnalyticsObject = 'ga';
      w.ga ??= Object.assign((...args: unknown[]) => w.ga.q.push(args), {
        q: [] as unknown[],
        l: Date.now(),
      });
      w.ga('create', id, 'auto');
      w.ga('send', 'pageview');
      return 'https://www.google-analytics.com/analytics.js';
    },
    identify: (w, _id, uid) => w.ga('set', 'userId', uid > 0 ? String(uid) : null),
  },
  {
    id: 'metricsId',
    category: 'analytics',
    install: (w, id) => {
      w.ym ??= Object.assign((...args: unknown[]) => w.ym.a.push(args), {
        a: [] as unknown[],
        l: Date.now(),
      });
      w.ym(Number(id), 'init', { clickmap: true, trackLinks: true, accurateTrackBounce: true });
      return 'https://mc.yandex.ru/metrika/tag.js';
    },
    identify: (w, id, uid) => w.ym(Number(id), 'userParams', { UserID: uid > 0 ? uid : null }),
  },
];

/** The tags to load now: set, allowed, not loaded before. */
export const tagsToLoad = (ids: TIds, consent: TConsent | null, loaded: ReadonlySet<string>) =>
  TAGS.filter((tag) => ids[tag.id] && consent?.[tag.category] === true && !loaded.has(tag.id));

/** Whether anything the site runs needs the visitor's consent (else no banner). */
export const needsConsent = (integrations: TIntegrations | undefined) =>
  Boolean(
    integrations &&
      (Object.values(integrations.analytics).some(Boolean) ||
        integrations.cdp.target ||
        integrations.performanceMonitoringUrl),
  );
