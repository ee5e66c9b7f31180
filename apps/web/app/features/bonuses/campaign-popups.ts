/**
 * Campaign popups (spec §2 the campaign dialog, §7 popups.get): the server decides who sees which popup on which
 * page; how often (`frequency`) is applied here with what the browser remembers — once (ever), once a session,
 * once a day, or every visit. `#popup-preview` with `?popup=<id>` opens that popup in preview, frequency aside.
 */
import { api } from '../../lib/api/browser';
import { fillDialogPlace, openDialogPlace } from '../../ui/dialogs';
import { BONUS_CALLS, type TPopupItem } from './api/bonuses-api';

fillDialogPlace('campaign', () => import('./dialogs/campaign-dialog'));

const SEEN_KEY = 'campaign_popups_seen';
const SESSION_KEY = 'campaign_popups_session';
const DAY_MS = 86_400_000;

const readMap = (storage: Storage | undefined, key: string): Record<string, number> => {
  try {
    return JSON.parse(storage?.getItem(key) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
};

/** May this popup show now, given when it was last shown ever and in this session? */
export const isDue = (
  popup: Pick<TPopupItem, 'id' | 'frequency'>,
  seen: Record<string, number>,
  session: Record<string, number>,
  now: number,
) => {
  const last = seen[popup.id];
  if (popup.frequency === 'always') return true;
  if (popup.frequency === 'once') return last === undefined;
  if (popup.frequency === 'session') return session[popup.id] === undefined;
  return last === undefined || now - last >= DAY_MS;
};

const remember = (id: number) => {
  const now = Date.now();
  for (const [storage, key] of [
    [globalThis.localStorage, SEEN_KEY],
    [globalThis.sessionStorage, SESSION_KEY],
  ] as const) {
    try {
      storage?.setItem(key, JSON.stringify({ ...readMap(storage, key), [id]: now }));
    } catch {
      /* private mode: the popup may show again */
    }
  }
};

/** Opens the first due popup of the page (queued: after the dialogs queued before it); answers its id. */
export const checkCampaignPopups = async (page: string) => {
  const { items } = await api.call(BONUS_CALLS.popups, { page, popup: '' });
  const seen = readMap(globalThis.localStorage, SEEN_KEY);
  const session = readMap(globalThis.sessionStorage, SESSION_KEY);
  const popup = items.find((p) => isDue(p, seen, session, Date.now()));
  if (!popup) return null;
  remember(popup.id);
  openDialogPlace('campaign', { popup }, { queue: true });
  return popup.id;
};

/** `#popup-preview` with `?popup=<id>`: that popup, in preview, whatever its targeting and frequency. */
export const openPopupPreview = async (id: number) => {
  const { items } = await api.call(BONUS_CALLS.popups, { page: '', popup: String(id) });
  const popup = items[0];
  if (popup) openDialogPlace('campaign', { popup, preview: true });
};
