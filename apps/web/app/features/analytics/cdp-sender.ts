/**
 * The customer-data platform (spec §3 public runtime config: target, token, site group): the site's events,
 * batched over its HTTP API — at most every 5 s or 20 events, retried with back-off (1, 2, 4 s) on a network
 * error, a 429 or a 5xx; what is left goes by sendBeacon when the page is hidden.
 */
import type { TAnalyticsEvent } from '../../lib/analytics';

export interface TCdpConfig {
  target: string;
  token: string;
  siteGroup: string;
}

export interface TCdpDeps {
  fetch: (url: string, init: RequestInit) => Promise<{ ok: boolean; status: number }>;
  sendBeacon?: (url: string, body: string) => boolean;
  setTimeout: (run: () => void, ms: number) => unknown;
  anonymousId: string;
}

export const CDP_BATCH_SIZE = 20;
export const CDP_FLUSH_MS = 5_000;
export const CDP_RETRY_DELAYS_MS = [1_000, 2_000, 4_000];

const retriable = (status: number) => status === 429 || status >= 500;

export const createCdpSender = (config: TCdpConfig, deps: TCdpDeps) => {
  let queue: TAnalyticsEvent[] = [];
  let scheduled = false;

  const body = (events: TAnalyticsEvent[]) =>
    JSON.stringify({
      token: config.token,
      site_group: config.siteGroup,
      batch: events.map((e) => ({
        type: 'track',
        event: e.event,
        properties: e.params,
        user_id: e.uid > 0 ? String(e.uid) : null,
        anonymous_id: deps.anonymousId,
        timestamp: e.date,
      })),
    });

  const send = async (events: TAnalyticsEvent[], attempt = 0): Promise<boolean> => {
    let status = 0;
    try {
      const response = await deps.fetch(config.target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${config.token}` },
        body: body(events),
        keepalive: true,
      });
      if (response.ok) return true;
      status = response.status;
    } catch {
      status = 0;
    }
    const delay = CDP_RETRY_DELAYS_MS[attempt];
    if ((status === 0 || retriable(status)) && delay !== undefined)
      return new Promise((resolve) => deps.setTimeout(() => resolve(send(events, attempt + 1)), delay));
    console.warn(`CDP batch dropped (HTTP ${status})`);
    return false;
  };

  const flush = () => {
    scheduled = false;
    if (queue.length === 0) return Promise.resolve(true);
    const events = queue;
    queue = [];
    return send(events);
  };

  return {
    push(event: TAnalyticsEvent) {
      queue.push(event);
      if (queue.length >= CDP_BATCH_SIZE) void flush();
      else if (!scheduled) {
        scheduled = true;
        deps.setTimeout(() => void flush(), CDP_FLUSH_MS);
      }
    },
    flush,
    /** The page is going away: what is queued leaves by beacon (no retry is possible then). */
    flushByBeacon() {
      if (queue.length === 0 || !deps.sendBeacon) return;
      const events = queue;
      queue = [];
      deps.sendBeacon(config.target, body(events));
    },
  };
};
