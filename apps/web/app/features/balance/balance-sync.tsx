/**
 * Mounted once in the document: for a signed-in player it opens the live socket (position-sync) and runs the
 * balance-refresh rules; every `account.balance_updated` goes through the balance gate into the cached account
 * info, so the header's balance changes without a reload (held back while a game reveals a round).
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useAccount } from '../account/use-account';
import { onLogout } from '../session/logout';
import { fetchSocketUrl, readBalanceInto, refreshSettingsQuery } from './balance-api';
import { BALANCE_UPDATED, isBalanceSnapshot } from './balance-cache';
import { balanceGateOf } from './balance-gate';
import { createBalanceRefresher } from './balance-refresh';
import { startBalanceSocket, type TBalanceSocket } from './balance-socket';

let current: TBalanceSocket | null = null;

/** Ends the socket for every tab of this browser (logout). */
export const closeLiveBalance = () => {
  current?.close();
  current = null;
};

export function useLiveBalance(uid: number | null) {
  const client = useQueryClient();
  useEffect(() => {
    if (uid === null) return;
    let sync: TBalanceSocket | null = null;
    let gone = false;
    startBalanceSocket({
      requestUrl: fetchSocketUrl,
      onEvent: (event, data) => {
        if (event === BALANCE_UPDATED && isBalanceSnapshot(data)) balanceGateOf(client).offer(data);
      },
    })
      .then((started) => {
        if (gone) started?.detach();
        else {
          sync = started;
          current = started;
        }
      })
      .catch(() => {});
    const leave = () => sync?.detach();
    window.addEventListener('pagehide', leave);
    return () => {
      gone = true;
      window.removeEventListener('pagehide', leave);
      sync?.detach();
      if (current === sync) current = null;
    };
  }, [uid, client]);
}

export function useBalanceRefresh(uid: number | null) {
  const client = useQueryClient();
  const settings = useQuery({ ...refreshSettingsQuery, enabled: uid !== null }).data;
  useEffect(() => {
    if (uid === null || !settings) return;
    const refresher = createBalanceRefresher(settings, {
      pathname: () => window.location.pathname,
      refresh: () => void readBalanceInto(balanceGateOf(client)),
    });
    refresher.start();
    const onClick = () => refresher.click();
    document.addEventListener('click', onClick, { capture: true });
    return () => {
      document.removeEventListener('click', onClick, { capture: true });
      refresher.stop();
    };
  }, [uid, settings, client]);
}

export function BalanceSync() {
  const account = useAccount();
  const uid = account && account.uid > 0 ? account.uid : null;
  useLiveBalance(uid);
  useBalanceRefresh(uid);
  // Logout ends the socket for every tab of this browser, not only this one.
  useEffect(() => {
    const forget = onLogout(closeLiveBalance);
    return () => {
      forget();
    };
  }, []);
  return null;
}
