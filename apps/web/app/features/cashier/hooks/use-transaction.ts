/** One transaction by id, polled every few seconds while it is still new or pending (payment result pages). */
import { useQuery } from '@tanstack/react-query';
import { cashierKeys, findTransaction } from '../api/cashier-api';

export const POLL_MS = 3_000;
const isOpen = (status: string | undefined) =>
  status === undefined || status === 'new' || status === 'pending';

export function useTransaction(id: string | null, options: { poll?: boolean } = {}) {
  return useQuery({
    queryKey: cashierKeys.transaction(id ?? ''),
    queryFn: () => findTransaction(id ?? ''),
    enabled: Boolean(id),
    refetchInterval: (query) => (options.poll && isOpen(query.state.data?.status) ? POLL_MS : false),
  });
}
