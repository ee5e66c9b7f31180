/** The loyalty calls (type-only contract imports: no schema code reaches the browser) with their query options. */
import type { TData } from '@casino/contracts/call';
import type {
  ZBuyProduct,
  ZGetCharacters,
  ZGetLoyaltyInfo,
  ZGetNotifications,
  ZGetPointsHistory,
  ZGetProducts,
  ZGetProgram,
  ZGetPrograms,
  ZSetCharacter,
} from '@casino/contracts/calls/loyalty';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { callRef } from '../../../lib/api/client';

export const LOYALTY_CALLS = {
  info: callRef<typeof ZGetLoyaltyInfo>('loyalty.getinfo', 'GET'),
  programs: callRef<typeof ZGetPrograms>('loyalty.getPrograms', 'GET'),
  program: callRef<typeof ZGetProgram>('loyalty.getProgram', 'GET'),
  products: callRef<typeof ZGetProducts>('loyalty.getproducts', 'GET'),
  buy: callRef<typeof ZBuyProduct>('loyalty.buyproduct', 'POST'),
  characters: callRef<typeof ZGetCharacters>('loyalty.getcharacters', 'GET'),
  setCharacter: callRef<typeof ZSetCharacter>('loyalty.setcharacter', 'POST'),
  notifications: callRef<typeof ZGetNotifications>('loyalty.getnotifications', 'GET'),
  history: callRef<typeof ZGetPointsHistory>('loyalty.gethistory', 'GET'),
};

export type TLoyaltyInfo = TData<typeof ZGetLoyaltyInfo>;
export type TLevel = TLoyaltyInfo['levels'][number];
export type TProgram = TData<typeof ZGetProgram>;
export type TQuest = TProgram['quests'][number];
export type TProduct = TData<typeof ZGetProducts>['items'][number];
export type TBought = TData<typeof ZBuyProduct>;
export type TCharacter = TData<typeof ZGetCharacters>['items'][number];
export type TNotice = TData<typeof ZGetNotifications>['items'][number];
export type THistoryEntry = TData<typeof ZGetPointsHistory>['items'][number];

export const loyaltyKeys = {
  all: ['loyalty'] as const,
  info: ['loyalty', 'info'] as const,
  programs: (locale: string) => ['loyalty', 'programs', locale] as const,
  program: (sysname: string, locale: string) => ['loyalty', 'program', sysname, locale] as const,
  products: (locale: string) => ['loyalty', 'products', locale] as const,
  characters: (locale: string) => ['loyalty', 'characters', locale] as const,
  history: ['loyalty', 'history'] as const,
};

export const infoQuery = (enabled = true) =>
  queryOptions({ queryKey: loyaltyKeys.info, queryFn: () => api.call(LOYALTY_CALLS.info), enabled });
export const programsQuery = (locale: string) =>
  queryOptions({ queryKey: loyaltyKeys.programs(locale), queryFn: () => api.call(LOYALTY_CALLS.programs) });
export const programQuery = (sysname: string, locale: string) =>
  queryOptions({
    queryKey: loyaltyKeys.program(sysname, locale),
    queryFn: () => api.call(LOYALTY_CALLS.program, { sysname }),
    retry: false,
  });
export const productsQuery = (locale: string) =>
  queryOptions({
    queryKey: loyaltyKeys.products(locale),
    queryFn: () => api.call(LOYALTY_CALLS.products, { offset: '0', limit: '50' }),
  });
export const charactersQuery = (locale: string) =>
  queryOptions({
    queryKey: loyaltyKeys.characters(locale),
    queryFn: () => api.call(LOYALTY_CALLS.characters, { offset: '0', limit: '50' }),
    staleTime: 300_000,
  });
export const historyQuery = () =>
  queryOptions({
    queryKey: loyaltyKeys.history,
    queryFn: () => api.call(LOYALTY_CALLS.history, { limit: '30' }),
  });

export const buyProduct = (id: number) => api.call(LOYALTY_CALLS.buy, { id: String(id) });
export const saveCharacter = (id: number) => api.call(LOYALTY_CALLS.setCharacter, { id: String(id) });
export const fetchNotices = () => api.call(LOYALTY_CALLS.notifications);
