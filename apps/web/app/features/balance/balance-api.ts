/** The calls behind the live balance: the socket token, the balances and the refresh settings. */
import type { ZGetBalance, ZGetToken } from '@casino/contracts/calls/account';
import { api } from '../../lib/api/browser';
import { callRef } from '../../lib/api/client';
import type { TBalanceGate } from './balance-gate';
import { DEFAULT_REFRESH_SETTINGS, type TBalanceRefreshSettings } from './balance-refresh';
import { socketUrl } from './socket-link';

export const BALANCE_CALLS = {
  token: callRef<typeof ZGetToken>('account.getToken', 'GET'),
  balance: callRef<typeof ZGetBalance>('account.getBalance', 'GET'),
};

/** A fresh socket URL, or null for a visitor (account.getToken needs a player). */
export const fetchSocketUrl = async (): Promise<string | null> => {
  try {
    const { token } = await api.call(BALANCE_CALLS.token);
    return socketUrl(window.location.origin, token);
  } catch (error) {
    if ((error as { type?: string }).type === 'AuthorizationException') return null;
    throw error;
  }
};

export const fetchBalance = () => api.call(BALANCE_CALLS.balance);

/** Reads the balances and offers them to the gate (dropped if a newer snapshot arrives meanwhile). */
export const readBalanceInto = (gate: TBalanceGate) => {
  const ticket = gate.ticket();
  return fetchBalance()
    .then((snapshot) => gate.offer(snapshot, ticket))
    .catch(() => {});
};

export const refreshSettingsQuery = {
  queryKey: ['metadata', 'settingsForUpdBalance'] as const,
  queryFn: async (): Promise<TBalanceRefreshSettings> => {
    const metadata = await api.get<{ settingsForUpdBalance?: Partial<TBalanceRefreshSettings> }>(
      'metadata.get',
    );
    return { ...DEFAULT_REFRESH_SETTINGS, ...(metadata?.settingsForUpdBalance ?? {}) };
  },
  staleTime: Number.POSITIVE_INFINITY,
};
