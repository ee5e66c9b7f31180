/** The signed-in player (null for a visitor): server-rendered by the root loader, refreshed by TanStack Query. */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api/browser';
import { CALLS } from '../../lib/api/calls';
import { useSite } from '../frame/use-site';

export const accountQueryKey = ['account', 'info'] as const;

export const fetchAccount = async (): Promise<TAccountInfo | null> => {
  const info = await api.call(CALLS.getInfo);
  return info.uid > 0 ? info : null;
};

export const useAccount = () => {
  const site = useSite();
  const query = useQuery({
    queryKey: accountQueryKey,
    queryFn: fetchAccount,
    initialData: site?.account ?? null,
    staleTime: 15_000,
  });
  return query.data ?? null;
};
