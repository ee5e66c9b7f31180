/**
 * The third-party script hosts the operator configured: the active chat provider, the analytics ids and the
 * enabled custom code. The CSP of every page names them (platform/http/security-headers.ts).
 */
import { ZCustomCodeEntry, ZSiteConfig } from '@casino/contracts/calls/metadata';
import { ZChatConfig } from '@casino/contracts/calls/support';
import { z } from 'zod';
import type { TDb } from '../../platform/db/database.ts';
import { getSetting } from './settings-service.ts';

/** Where each chat provider's widget loads from, beyond a configured script URL. */
const CHAT_HOSTS: Record<string, string[]> = {
  verbox: [],
  jivosite: ['https://code.jivosite.com'],
  livechat: ['https://cdn.livechatinc.com'],
  intercom: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
  zendesk: ['https://static.zdassets.com'],
  tawk: ['https://embed.tawk.to'],
  custom: [],
};

/** Each analytics id and the hosts its tag loads from. */
const ANALYTICS_HOSTS = {
  tagManagerId: ['https://www.googletagmanager.com'],
  tagId: ['https://www.googletagmanager.com'],
  webAnalyticsId: ['https://www.google-analytics.com'],
  metricsId: ['https://mc.yandex.ru'],
} as const;

const originOf = (url: unknown): string | null => {
  if (typeof url !== 'string' || !url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/** `<script src="https://…">` in an operator's snippet. */
const scriptSources = (code: string) =>
  [...code.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']?([^"'\s>]+)/gi)].map((m) => m[1]);

export interface TScriptHostSettings {
  chat: z.output<typeof ZChatConfig>;
  analytics: z.output<typeof ZSiteConfig>['analytics'];
  customCode: z.output<typeof ZCustomCodeEntry>[];
}

export const scriptHostsFrom = ({ chat, analytics, customCode }: TScriptHostSettings): string[] => {
  const hosts: (string | null)[] = [];
  if (chat.chat) {
    const settings = chat.settings[chat.chat] ?? {};
    hosts.push(...(CHAT_HOSTS[chat.chat] ?? []), originOf(settings.scriptUrl), originOf(settings.src));
  }
  for (const [id, idHosts] of Object.entries(ANALYTICS_HOSTS))
    if (analytics[id as keyof typeof ANALYTICS_HOSTS]) hosts.push(...idHosts);
  for (const entry of customCode) if (entry.isEnabled) hosts.push(...scriptSources(entry.code).map(originOf));
  return [...new Set(hosts.filter((h): h is string => h !== null))].sort();
};

export const loadScriptHosts = async (db: TDb) =>
  scriptHostsFrom({
    chat: ZChatConfig.parse(await getSetting(db, 'chat')),
    analytics: ZSiteConfig.parse(await getSetting(db, 'site-config')).analytics,
    customCode: z.array(ZCustomCodeEntry).parse(await getSetting(db, 'custom-code')),
  });

/** Telegram's Mini App script (features/telegram on the site), loaded inside Telegram when its sign-in is on. */
export const TELEGRAM_SCRIPT_ORIGIN = 'https://telegram.org';

/** The hosts, read again at most every `ttlMs` (an operator's change shows within it, like the site's cache). */
export const cachedScriptHosts = (db: TDb, options: { ttlMs?: number; alwaysHosts?: string[] } = {}) => {
  const { ttlMs = 10_000, alwaysHosts = [] } = options;
  let cached: { at: number; hosts: Promise<string[]> } | undefined;
  return () => {
    const now = performance.now();
    if (!cached || now - cached.at > ttlMs) {
      const hosts = loadScriptHosts(db)
        .catch(() => [])
        .then((configured) => [...new Set([...configured, ...alwaysHosts])].sort());
      cached = { at: now, hosts };
    }
    return cached.hosts;
  };
};
