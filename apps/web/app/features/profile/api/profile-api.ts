/**
 * The calls the profile pages make (spec §7), typed by their contracts (type-only imports: no schema code
 * reaches the browser), with their TanStack Query options.
 */
import type {
  ZAddContact,
  ZChangeFakename,
  ZChangeLocale,
  ZChangePassword,
  ZChangeSubscription,
  ZConfirmContact,
  ZGetContactPhoneSettings,
  ZGetDepositLimit,
  ZGetPersonalDataFields,
  ZGetProfileInfo,
  ZSaveProfileInfo,
  ZSendConfirmationToContact,
  ZSetUserOnVerification,
  ZUnsubscribe,
} from '@casino/contracts/calls/account';
import type { ZChangeTwoFactorAuth, ZConfirmTwoFactorAuth } from '@casino/contracts/calls/auth';
import type { ZGetHistory as ZCashierHistory, ZSetDepositLimit } from '@casino/contracts/calls/cashier';
import type {
  ZCreateHistoryExportRequest,
  ZGetHistory as ZGamesHistory,
  ZGetHistoryExportRequest,
} from '@casino/contracts/calls/games-play';
import type {
  ZGetResponsibleGaming,
  ZGetSessionStats,
  ZSelfExclude,
  ZSetLossLimit,
  ZSetRealityCheck,
  ZSetSessionLimit,
  ZTakeTimeOut,
} from '@casino/contracts/calls/responsible-gaming';
import type { ZStorageGet, ZStorageSet } from '@casino/contracts/calls/storage';
import type {
  ZCreateApplicant,
  ZGetAccessToken,
  ZGetVerification,
  ZSubmitVerification,
} from '@casino/contracts/calls/verification';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { callRef } from '../../../lib/api/client';

export const PROFILE_CALLS = {
  profileInfo: callRef<typeof ZGetProfileInfo>('account.getprofileinfo', 'GET'),
  saveProfileInfo: callRef<typeof ZSaveProfileInfo>('account.saveProfileInfo', 'POST'),
  personalFields: callRef<typeof ZGetPersonalDataFields>('account.getPersonalDataFields', 'GET'),
  phoneSettings: callRef<typeof ZGetContactPhoneSettings>('account.getContactPhoneSettings', 'GET'),
  addContact: callRef<typeof ZAddContact>('account.addcontact', 'POST'),
  sendConfirmation: callRef<typeof ZSendConfirmationToContact>('account.sendconfirmationtocontact', 'POST'),
  confirmContact: callRef<typeof ZConfirmContact>('account.confirmContact', 'POST'),
  changeSubscription: callRef<typeof ZChangeSubscription>('account.changeSubscription', 'POST'),
  changeFakename: callRef<typeof ZChangeFakename>('account.changefakename', 'POST'),
  changeLocale: callRef<typeof ZChangeLocale>('account.changelocale', 'POST'),
  changePassword: callRef<typeof ZChangePassword>('account.changepassword', 'POST'),
  changeTwoFactor: callRef<typeof ZChangeTwoFactorAuth>('account.changeTwoFactorAuth', 'POST'),
  confirmTwoFactor: callRef<typeof ZConfirmTwoFactorAuth>('account.confirmTwoFactorAuth', 'POST'),
  setUserOnVerification: callRef<typeof ZSetUserOnVerification>('account.setUserOnVerification', 'POST'),
  unsubscribe: callRef<typeof ZUnsubscribe>('account.unsubscribe', 'POST'),
  depositLimit: callRef<typeof ZGetDepositLimit>('account.getDepositLimit', 'GET'),
  setDepositLimit: callRef<typeof ZSetDepositLimit>('cashier.setdepositlimit', 'POST'),
  cashierHistory: callRef<typeof ZCashierHistory>('cashier.gethistory', 'GET'),
  gameHistory: callRef<typeof ZGamesHistory>('games.getHistory', 'GET'),
  createExport: callRef<typeof ZCreateHistoryExportRequest>('games.createhistoryexportrequest', 'POST'),
  getExport: callRef<typeof ZGetHistoryExportRequest>('games.gethistoryexportrequest', 'GET'),
  storageGet: callRef<typeof ZStorageGet>('storage.get', 'GET'),
  storageSet: callRef<typeof ZStorageSet>('storage.set', 'POST'),
  verification: callRef<typeof ZGetVerification>('verification.get', 'GET'),
  createApplicant: callRef<typeof ZCreateApplicant>('verification.createApplicant', 'POST'),
  accessToken: callRef<typeof ZGetAccessToken>('verification.getAccessToken', 'POST'),
  submitVerification: callRef<typeof ZSubmitVerification>('verification.submit', 'POST'),
  responsibleGaming: callRef<typeof ZGetResponsibleGaming>('responsibleGaming.get', 'GET'),
  setLossLimit: callRef<typeof ZSetLossLimit>('responsibleGaming.setLossLimit', 'POST'),
  setSessionLimit: callRef<typeof ZSetSessionLimit>('responsibleGaming.setSessionLimit', 'POST'),
  setRealityCheck: callRef<typeof ZSetRealityCheck>('responsibleGaming.setRealityCheck', 'POST'),
  takeTimeOut: callRef<typeof ZTakeTimeOut>('responsibleGaming.takeTimeOut', 'POST'),
  selfExclude: callRef<typeof ZSelfExclude>('responsibleGaming.selfExclude', 'POST'),
  sessionStats: callRef<typeof ZGetSessionStats>('responsibleGaming.getSessionStats', 'GET'),
};

export const profileKeys = {
  info: ['profile', 'info'] as const,
  fields: (country: string) => ['profile', 'fields', country] as const,
  phoneSettings: ['profile', 'phone-settings'] as const,
  depositLimit: ['profile', 'deposit-limit'] as const,
  depositCount: ['profile', 'deposit-count'] as const,
  gameHistory: (filters: Record<string, string | number>) => ['profile', 'game-history', filters] as const,
  export: ['profile', 'history-export'] as const,
  verification: ['profile', 'verification'] as const,
  responsibleGaming: ['profile', 'responsible-gaming'] as const,
  sessionStats: ['profile', 'session-stats'] as const,
};

export const profileInfoQuery = () =>
  queryOptions({
    queryKey: profileKeys.info,
    queryFn: () => api.call(PROFILE_CALLS.profileInfo, { fields: ['contacts', 'document'] }),
    staleTime: 30_000,
  });

export const personalFieldsQuery = (country: string) =>
  queryOptions({
    queryKey: profileKeys.fields(country),
    queryFn: () => api.call(PROFILE_CALLS.personalFields, { country }),
    staleTime: 5 * 60_000,
  });

export const phoneSettingsQuery = () =>
  queryOptions({
    queryKey: profileKeys.phoneSettings,
    queryFn: () => api.call(PROFILE_CALLS.phoneSettings),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const depositLimitQuery = () =>
  queryOptions({
    queryKey: profileKeys.depositLimit,
    queryFn: () => api.call(PROFILE_CALLS.depositLimit),
  });

/** Spec §7: the deposit check reads `count` of gethistory(offset 0, count 1, type deposit). */
export const depositCountQuery = () =>
  queryOptions({
    queryKey: profileKeys.depositCount,
    queryFn: async () =>
      (await api.call(PROFILE_CALLS.cashierHistory, { offset: '0', count: '1', type: 'deposit' })).count,
    staleTime: 60_000,
  });

export const verificationQuery = () =>
  queryOptions({ queryKey: profileKeys.verification, queryFn: () => api.call(PROFILE_CALLS.verification) });

export const responsibleGamingQuery = () =>
  queryOptions({
    queryKey: profileKeys.responsibleGaming,
    queryFn: () => api.call(PROFILE_CALLS.responsibleGaming),
  });

export const sessionStatsQuery = () =>
  queryOptions({
    queryKey: profileKeys.sessionStats,
    queryFn: () => api.call(PROFILE_CALLS.sessionStats),
    // The header's net position refreshes every 30 s only while the operator shows it; the reality check
    // runs on its own timer from next_reality_check_at.
    refetchInterval: (query) => (query.state.data?.show_session_stats_in_header ? 30_000 : false),
    retry: false,
  });
