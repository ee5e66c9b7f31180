/**
 * Listens to `/ws/sportsbook` (optionally one event) and refreshes the sportsbook's queries when the feed moves
 * prices (at most twice a second); the odds buttons flash the change. Reconnects with back-off.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { backoffDelay, parseFrame } from '../balance/socket-link';
import { sportsbookKeys } from './api';

export const useOddsSocket = (eventId?: string) => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let socket: WebSocket | null = null;
    let closed = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let pending: ReturnType<typeof setTimeout> | null = null;
    const refresh = () => {
      if (pending) return;
      pending = setTimeout(() => {
        pending = null;
        void queryClient.invalidateQueries({ queryKey: sportsbookKeys.all });
      }, 500);
    };
    const open = () => {
      if (closed) return;
      const query = eventId ? `?event=${encodeURIComponent(eventId)}` : '';
      socket = new WebSocket(
        `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/sportsbook${query}`,
      );
      socket.onopen = () => {
        attempt = 0;
      };
      socket.onmessage = (message) => {
        const frame = parseFrame(message.data);
        if (frame?.event === 'sportsbook.odds_changed') refresh();
      };
      socket.onclose = () => {
        if (closed) return;
        timer = setTimeout(open, backoffDelay(attempt++));
      };
      socket.onerror = () => socket?.close();
    };
    open();
    return () => {
      closed = true;
      if (timer) clearTimeout(timer);
      if (pending) clearTimeout(pending);
      socket?.close();
    };
  }, [eventId, queryClient]);
};
