/**
 * The shared crash table as this screen sees it: games.getCrashRound once (and again whenever the socket is
 * down), then the /ws/live events of the table (live.crash.round: betting, flying, crashed with the seed,
 * settled with every bet; live.crash.bet: a bet placed or settled). The server's clock offset comes with every
 * answer, so the countdown and the curve never trust the device clock.
 */
import { useCallback, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useLiveSocket } from '../../../lib/live/use-live-socket';

export type TCrashPhase = 'betting' | 'flying' | 'crashed' | 'settled';

export interface TCrashBetView {
  round_id: string;
  player: string;
  mode: 'real' | 'demo';
  bet: number;
  currency: string;
  status: 'open' | 'cashed_out' | 'lost' | 'returned';
  cashout: number | null;
  win: number;
  auto_cashout?: number | null;
}

export interface TCrashRoundView {
  sysname: string;
  table_round_id: string;
  phase: TCrashPhase;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  betting_closes_at: string;
  flight_started_at: string;
  crash_point: number | null;
  crashed_at: string | null;
  next_round_at: string | null;
  server_seed: string | null;
  interrupted: boolean;
  server_time: string;
}

export interface TCrashResult {
  table_round_id: string;
  nonce: number;
  crash_point: number;
  server_seed_hash: string;
}

type TFullRound = TCrashRoundView & {
  bets: TCrashBetView[];
  mine: TCrashBetView[];
  recent: TCrashResult[];
};

const PHASE_ORDER: Record<TCrashPhase, number> = { betting: 0, flying: 1, crashed: 2, settled: 3 };

export interface TCrashTable {
  round: TCrashRoundView | null;
  bets: TCrashBetView[];
  recent: TCrashResult[];
  /** The caller's bets the server knew of when the screen opened (a reload mid-round). */
  restored: TCrashBetView[];
  /** server time − device time, ms. */
  offset: number;
  live: boolean;
}

export const useCrashTable = (sysname: string): TCrashTable => {
  const [round, setRound] = useState<TCrashRoundView | null>(null);
  const [bets, setBets] = useState<TCrashBetView[]>([]);
  const [recent, setRecent] = useState<TCrashResult[]>([]);
  const [restored, setRestored] = useState<TCrashBetView[]>([]);
  const [offset, setOffset] = useState(0);
  const current = useRef<TCrashRoundView | null>(null);

  const onRound = useCallback((event: TCrashRoundView & { bets?: TCrashBetView[] }) => {
    const known = current.current;
    // An older event (a late poll, a reordered message) never moves the table back.
    if (
      known &&
      (event.nonce < known.nonce ||
        (event.nonce === known.nonce && PHASE_ORDER[event.phase] < PHASE_ORDER[known.phase]))
    )
      return;
    setOffset(new Date(event.server_time).getTime() - Date.now());
    const isNew = !known || known.table_round_id !== event.table_round_id;
    current.current = event;
    setRound(event);
    if (event.bets) setBets(event.bets);
    else if (isNew) setBets([]);
    const point = event.crash_point;
    if (point !== null && event.phase !== 'betting')
      setRecent((r) =>
        r[0]?.table_round_id === event.table_round_id
          ? r
          : [
              {
                table_round_id: event.table_round_id,
                nonce: event.nonce,
                crash_point: point,
                server_seed_hash: event.server_seed_hash,
              },
              ...r,
            ].slice(0, 20),
      );
  }, []);

  const onBet = useCallback((event: { table_round_id: string; bet: TCrashBetView }) => {
    if (current.current?.table_round_id !== event.table_round_id) return;
    setBets((list) => {
      const at = list.findIndex((b) => b.round_id === event.bet.round_id);
      if (at === -1) return [...list, event.bet];
      // a bet only moves forward: open → settled
      if (list[at]?.status !== 'open') return list;
      const next = [...list];
      next[at] = event.bet;
      return next;
    });
  }, []);

  const live = useLiveSocket({
    sysname,
    pollMs: 1000,
    poll: async () => {
      const data = await api.get<TFullRound>('games.getCrashRound', { sysname });
      onRound(data);
      setRecent(data.recent);
      setRestored((r) => (r.length === 0 && data.mine.length > 0 ? data.mine : r));
    },
    onMessage: (message) => {
      const data = message.data as { sysname?: string } | null;
      if (data?.sysname !== sysname) return;
      if (message.event === 'live.crash.round') onRound(data as TCrashRoundView);
      else if (message.event === 'live.crash.bet')
        onBet(data as { table_round_id: string; bet: TCrashBetView });
    },
  });

  return { round, bets, recent, restored, offset, live };
};
