/**
 * The newest cashback the player has seen (spec §3, storage key already_seen_cashback_id), read and written by the
 * unseen cashback popup and the cashback page. Kept apart from unseen-cashback.ts, which the frame loads lazily.
 */
import { api } from '../../lib/api/browser';
import { BONUS_CALLS } from './api/bonuses-api';

export const SEEN_CASHBACK_KEY = 'already_seen_cashback_id';

export const markSeen = (id: number | string) =>
  api.call(BONUS_CALLS.storageSet, { key: SEEN_CASHBACK_KEY, value: String(id) }).catch(() => undefined);
