/**
 * The home hero banners of the signed-in player (docs/decisions/074): a banner for a CRM segment or for some player
 * countries is never in the locale's shared cms config (nor in a kept page), so when the config says one is live
 * (`segmentBanners`) the browser asks banners.get, answered for this player alone, and draws its list instead. A
 * visitor is in no segment and has no known country: the shared list is theirs.
 */
import type { ZBannersGet } from '@casino/contracts/calls/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api/browser';
import { callRef } from '../../../lib/api/client';
import { parseBanner } from '../../../lib/site/cms-banner';
import type { TBanner } from '../../../lib/site/types';
import { useAccount } from '../../account/use-account';
import { useSite } from '../../frame/use-site';

const BANNERS = callRef<typeof ZBannersGet>('banners.get', 'GET');

export const playerBannersQuery = (locale: string, playerId: number) =>
  queryOptions({
    queryKey: ['banners', 'hero', locale, playerId] as const,
    queryFn: async (): Promise<TBanner[]> => {
      const { items } = await api.call(BANNERS, { position: 'hero', count: '50' });
      return items
        .map((item, index) => parseBanner({ ...item.description, id: item.id }, index))
        .filter((b): b is TBanner => b !== undefined);
    },
    staleTime: 10_000,
  });

/** The hero banners to draw: the shared ones until (and unless) the player's own list has arrived. */
export const useHeroBanners = (shared: TBanner[]): TBanner[] => {
  const site = useSite();
  const account = useAccount();
  const asks = account !== null && site?.cms.segmentBanners === true;
  const own = useQuery({
    ...playerBannersQuery(site?.locale ?? '', account?.uid ?? 0),
    enabled: asks,
  });
  return asks && own.data ? own.data : shared;
};
