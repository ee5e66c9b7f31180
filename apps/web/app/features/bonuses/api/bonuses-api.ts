/**
 * The bonus calls of spec §7 (bonuses.*, BettingBonuses.*) and the promo-code calls (campaigns.activateOffer,
 * campaigns.checkPromocode), typed by their contracts (type-only imports: no schema code reaches the browser).
 */
import type { TData } from '@casino/contracts/call';
import type {
  ZBettingBonusesActivate,
  ZBettingBonusesGet,
  ZBettingBonusesRemove,
  ZBonusesActivate,
  ZBonusesDeactivate,
  ZBonusesGet,
  ZBonusesRemove,
} from '@casino/contracts/calls/bonuses';
import type {
  ZActivateOffer,
  ZCheckPromocode,
  ZGetPromotions,
  ZTakePromotions,
} from '@casino/contracts/calls/campaigns';
import type { ZCashbacksGet, ZCashbacksPayout, ZCashbacksRemove } from '@casino/contracts/calls/cashbacks';
import type { ZPopupsGet } from '@casino/contracts/calls/popups';
import type { ZStorageGet, ZStorageSet } from '@casino/contracts/calls/storage';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { callRef } from '../../../lib/api/client';

export const BONUS_CALLS = {
  list: callRef<typeof ZBonusesGet>('bonuses.get', 'GET'),
  activate: callRef<typeof ZBonusesActivate>('bonuses.activate', 'POST'),
  deactivate: callRef<typeof ZBonusesDeactivate>('bonuses.deactivate', 'POST'),
  remove: callRef<typeof ZBonusesRemove>('bonuses.remove', 'POST'),
  bettingList: callRef<typeof ZBettingBonusesGet>('BettingBonuses.get', 'GET'),
  bettingActivate: callRef<typeof ZBettingBonusesActivate>('BettingBonuses.activate', 'POST'),
  bettingRemove: callRef<typeof ZBettingBonusesRemove>('BettingBonuses.remove', 'POST'),
  activatePromo: callRef<typeof ZActivateOffer>('campaigns.activateOffer', 'POST'),
  checkPromo: callRef<typeof ZCheckPromocode>('campaigns.checkPromocode', 'POST'),
  promotions: callRef<typeof ZGetPromotions>('campaigns.getpromotions', 'GET'),
  takePromotions: callRef<typeof ZTakePromotions>('campaigns.takepromotions', 'POST'),
  cashbacks: callRef<typeof ZCashbacksGet>('cashbacks.get', 'GET'),
  cashbackPayout: callRef<typeof ZCashbacksPayout>('cashbacks.payout', 'POST'),
  cashbackRemove: callRef<typeof ZCashbacksRemove>('cashbacks.remove', 'POST'),
  storageGet: callRef<typeof ZStorageGet>('storage.get', 'GET'),
  storageSet: callRef<typeof ZStorageSet>('storage.set', 'POST'),
  popups: callRef<typeof ZPopupsGet>('popups.get', 'GET'),
};

export type TBonusList = TData<typeof ZBonusesGet>;
export type TBonus = TBonusList['items'][number];
export type TPromoActivated = TData<typeof ZActivateOffer>;
export type TPromotions = TData<typeof ZGetPromotions>;
export type TPromotion = TPromotions['items'][number];
export type TPopupItem = TData<typeof ZPopupsGet>['items'][number];
export type TCashbackList = TData<typeof ZCashbacksGet>;
export type TCashbackItem = TData<typeof ZCashbacksPayout>;

/** The bonuses tab (open: available and active) and the history tab (everything that ended). */
export const OPEN_STATUSES = 'active,available';
export const HISTORY_STATUSES = 'completed,forfeited,expired,cancelled';

export const bonusKeys = {
  all: ['bonuses'] as const,
  list: (type: 'casino' | 'betting', statuses: string) => ['bonuses', type, statuses] as const,
  promotions: (locale: string) => ['promotions', locale] as const,
  cashbacks: ['cashbacks'] as const,
};

export const cashbacksQuery = () =>
  queryOptions({
    queryKey: bonusKeys.cashbacks,
    queryFn: () => api.call(BONUS_CALLS.cashbacks, { count: '50', sort: 'end_date', order: 'desc' }),
    staleTime: 5_000,
  });

export const bonusesQuery = (type: 'casino' | 'betting', statuses: string) =>
  queryOptions({
    queryKey: bonusKeys.list(type, statuses),
    queryFn: () =>
      api.call(type === 'casino' ? BONUS_CALLS.list : BONUS_CALLS.bettingList, { statuses, count: '50' }),
    staleTime: 5_000,
  });

export const promotionsQuery = (locale: string) =>
  queryOptions({
    queryKey: bonusKeys.promotions(locale),
    queryFn: () => api.call(BONUS_CALLS.promotions, {}),
    staleTime: 30_000,
  });
