/**
 * The site's analytics events (spec §4, §8): each goes to the data layer (`window.dataLayer`, read by the tag
 * manager once consent allows it to load) and to the listeners of features/analytics (the customer-data
 * platform). Tiny on purpose: features call `track` without loading any analytics code.
 */
export interface TAnalyticsEvent {
  event: string;
  params: Record<string, unknown>;
  /** Spec §9: the analytics date, a fixed UTC+3 shift. */
  date: string;
  /** The player, once identified (0: anonymous). */
  uid: number;
}

const SHIFT_HOURS = 3;
const pad = (n: number) => String(n).padStart(2, '0');

/** `2026-11-25T20:08:44+03:00`: the moment in UTC+3, whatever the browser's zone. */
export const analyticsDate = (at: Date = new Date()) => {
  const d = new Date(at.getTime() + SHIFT_HOURS * 3_600_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(
    d.getUTCMinutes(),
  )}:${pad(d.getUTCSeconds())}+0${SHIFT_HOURS}:00`;
};

type TListener = (event: TAnalyticsEvent) => void;
const listeners = new Set<TListener>();
/** Events from before the analytics code loaded (bounded), replayed to the first listener. */
const early: TAnalyticsEvent[] = [];
let uid = 0;

const dataLayer = (): unknown[] | undefined => {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { dataLayer?: unknown[] };
  w.dataLayer ??= [];
  return w.dataLayer;
};

export const track = (event: string, params: Record<string, unknown> = {}) => {
  if (typeof window === 'undefined') return;
  const entry: TAnalyticsEvent = { event, params, date: analyticsDate(), uid };
  dataLayer()?.push({ event, ...params, analytics_date: entry.date, ...(uid > 0 && { user_id: uid }) });
  if (listeners.size === 0) {
    if (early.length < 100) early.push(entry);
  } else for (const listener of listeners) listener(entry);
};

/**
 * Spec §4 Analytics identity: identified on login or registration… (`silent`: a page opened by a player who was
 * already signed in: the events carry the id, no identify event is fired).
 */
export const identify = (playerId: number, silent = false) => {
  if (playerId <= 0 || playerId === uid) return;
  uid = playerId;
  if (!silent) track('identify', { user_id: playerId });
};

/** …anonymised on logout. */
export const anonymise = () => {
  if (uid === 0) return;
  track('anonymise');
  uid = 0;
};

export const analyticsUid = () => uid;

export const onAnalyticsEvent = (listener: TListener) => {
  listeners.add(listener);
  for (const entry of early.splice(0)) listener(entry);
  return () => {
    listeners.delete(listener);
  };
};
