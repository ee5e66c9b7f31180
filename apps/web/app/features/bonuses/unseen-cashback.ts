/**
 * The unseen cashback popup (spec §4): the newest cashback (cashbacks.get count 1, by end_date descending) shows
 * when its id differs from the one stored as seen (storage key already_seen_cashback_id, spec §3) and it is active,
 * or paid out with no receiving_expired_at. With no seen id stored nothing shows: the first check stores a baseline
 * ('0'), so the next cashback is news. Closing the popup stores its id as seen.
 */
import { api } from '../../lib/api/browser';
import { fillDialogPlace, openDialogPlace } from '../../ui/dialogs';
import { BONUS_CALLS, type TCashbackItem } from './api/bonuses-api';
import { markSeen, SEEN_CASHBACK_KEY } from './cashback-seen';

fillDialogPlace('unseen-cashback', () => import('./dialogs/unseen-cashback-dialog'));

type TNewest = Pick<TCashbackItem, 'id' | 'status' | 'receiving_expired_at'>;

export const isUnseen = (newest: TNewest | undefined, seen: string | null) =>
  newest !== undefined &&
  seen !== null &&
  String(newest.id) !== seen &&
  (newest.status === 'active' || (newest.status === 'paid_out' && newest.receiving_expired_at === null));

/** Checks and, when there is news, queues the popup (after the dialogs queued before it). */
export const checkUnseenCashback = async () => {
  const [list, seen] = await Promise.all([
    api.call(BONUS_CALLS.cashbacks, { count: '1', sort: 'end_date', order: 'desc' }),
    api.call(BONUS_CALLS.storageGet, { key: SEEN_CASHBACK_KEY }),
  ]);
  const newest = list.items[0];
  if (seen === null) {
    await markSeen(0);
    return;
  }
  if (!newest || !isUnseen(newest as TNewest, seen)) return;
  openDialogPlace(
    'unseen-cashback',
    { cashback: newest },
    { queue: true, onClose: () => void markSeen(newest.id) },
  );
};

let checked = false;
/** Once per page load for a signed-in player (the frame calls it). */
export const checkUnseenCashbackOnce = () => {
  if (checked) return;
  checked = true;
  void checkUnseenCashback().catch(() => undefined);
};
