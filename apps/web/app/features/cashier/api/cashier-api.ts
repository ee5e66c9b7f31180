/**
 * The cashier calls of spec §7 with their TanStack Query options (type-only contract imports: no schema code
 * reaches the browser). Deposit offers come from campaigns.getoffers.
 */

import type { TData } from '@casino/contracts/call';
import type { ZGetOffers } from '@casino/contracts/calls/campaigns';
import type {
  ZCancelDeposit,
  ZCancelWithdrawal,
  ZGetDepositSettings,
  ZGetHistory,
  ZGetWithdrawSettings,
  ZMakeDeposit,
  ZMakeWithdrawal,
} from '@casino/contracts/calls/cashier';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { callRef, isApiError } from '../../../lib/api/client';
import type { TOffer } from '../lib/offers';

export const CASHIER_CALLS = {
  depositSettings: callRef<typeof ZGetDepositSettings>('cashier.getdepositsettings', 'GET'),
  withdrawSettings: callRef<typeof ZGetWithdrawSettings>('cashier.getwithdrawsettings', 'GET'),
  makeDeposit: callRef<typeof ZMakeDeposit>('cashier.makedeposit', 'POST'),
  makeWithdrawal: callRef<typeof ZMakeWithdrawal>('cashier.makewithdrawal', 'POST'),
  cancelWithdrawal: callRef<typeof ZCancelWithdrawal>('cashier.cancelwithdrawal', 'POST'),
  cancelDeposit: callRef<typeof ZCancelDeposit>('cashier.canceldeposit', 'POST'),
  history: callRef<typeof ZGetHistory>('cashier.gethistory', 'GET'),
  offers: callRef<typeof ZGetOffers>('campaigns.getoffers', 'GET'),
};

export type TDepositSettings = TData<typeof ZGetDepositSettings>;
export type TWithdrawSettings = TData<typeof ZGetWithdrawSettings>;
export type TPaymentMethod = TDepositSettings['methods'][number];
export type THistory = TData<typeof ZGetHistory>;
export type THistoryItem = THistory['items'][number];
export type THistoryFilter = {
  type: '' | 'deposit' | 'withdrawal';
  status: string;
  offset: number;
  count: number;
};

export const cashierKeys = {
  all: ['cashier'] as const,
  depositSettings: ['cashier', 'deposit-settings'] as const,
  withdrawSettings: ['cashier', 'withdraw-settings'] as const,
  offers: ['cashier', 'offers'] as const,
  offersIn: (locale: string) => ['cashier', 'offers', locale] as const,
  history: (filter: THistoryFilter) => ['cashier', 'history', filter] as const,
  transaction: (id: string) => ['cashier', 'transaction', id] as const,
  unseen: ['cashier', 'unseen-deposits'] as const,
};

export const depositSettingsQuery = () =>
  queryOptions({
    queryKey: cashierKeys.depositSettings,
    queryFn: () => api.call(CASHIER_CALLS.depositSettings),
    staleTime: 60_000,
  });

export const withdrawSettingsQuery = () =>
  queryOptions({
    queryKey: cashierKeys.withdrawSettings,
    queryFn: () => api.call(CASHIER_CALLS.withdrawSettings),
    staleTime: 10_000,
  });

export const historyQuery = (filter: THistoryFilter) =>
  queryOptions({
    queryKey: cashierKeys.history(filter),
    queryFn: () =>
      api.call(CASHIER_CALLS.history, {
        type: filter.type,
        status: filter.status,
        offset: filter.offset,
        count: filter.count,
      }),
    placeholderData: (previous) => previous,
  });

/** Looks one transaction up among the player's newest ones (there is no single-transaction call). */
export const findTransaction = async (id: string): Promise<THistoryItem | null> => {
  const { items } = await api.call(CASHIER_CALLS.history, { type: '', status: '', offset: 0, count: 100 });
  return items.find((item) => item.id === id) ?? null;
};

/**
 * Deposit offers (spec §3, §9: from offset 0) in the page's locale. Short-lived: a paid deposit changes which
 * offers the player satisfies (first deposit → reload). A failure shows no offers rather than no form.
 */
export const offersQuery = (locale: string) =>
  queryOptions({
    queryKey: cashierKeys.offersIn(locale),
    queryFn: async (): Promise<TOffer[]> => {
      try {
        const data = await api.call(CASHIER_CALLS.offers, {
          offset: 0,
          count: 100,
          fields: 'trigger,description,promotions',
        });
        return data.items;
      } catch (error) {
        if (isApiError(error)) return [];
        throw error;
      }
    },
    staleTime: 30_000,
  });

/** Requisites travel as JSON text (`requisites={"card_number":"…"}`), which the contract reads. */
type TMoneyParams = {
  methodId: number;
  method: string;
  amount: string;
  requisites: Record<string, string>;
};

export const postMakeDeposit = (params: TMoneyParams & { campaign_offer_id: number }) =>
  api.post<TData<typeof ZMakeDeposit>>(CASHIER_CALLS.makeDeposit.name, {
    ...params,
    requisites: JSON.stringify(params.requisites),
  });

/** burn_bonuses '1': the player agreed to lose their active bonuses (the burn-bonuses confirm). */
export const postMakeWithdrawal = (params: TMoneyParams & { burn_bonuses?: '1' }) =>
  api.post<TData<typeof ZMakeWithdrawal>>(CASHIER_CALLS.makeWithdrawal.name, {
    ...params,
    requisites: JSON.stringify(params.requisites),
  });

export const postCancelWithdrawal = (transactionId: string) =>
  api.call(CASHIER_CALLS.cancelWithdrawal, { transaction_id: transactionId, id: '' });

export const postCancelDeposit = (transactionId: string) =>
  api.call(CASHIER_CALLS.cancelDeposit, { transaction_id: transactionId, id: '' });
