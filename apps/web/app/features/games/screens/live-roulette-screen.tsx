/**
 * Live roulette: one shared table. The betting window counts down on the server's clock (getLiveRound gives
 * server_time); every player sees the same spin from the /ws/live socket (polling getLiveRound if the socket
 * is down); our bets of the round settle on the revealed pocket and are read back with games.getRound.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { useLiveSocket } from '../../../lib/live/use-live-socket';
import { useRouletteBets } from '../hooks/use-roulette-bets';
import { colorOf, wheelRotation } from '../lib/roulette-layout';
import { formatAmount } from '../lib/wire';
import { ChipPicker, RouletteTable, RouletteWheel } from './roulette-parts';
import type { TScreenProps } from './screen-props';

type TLiveEvent = {
  table_round_id: string;
  phase: 'betting' | 'spinning' | 'settled';
  server_seed_hash: string;
  nonce: number;
  betting_closes_at: string;
  result?: { pocket: number } | null;
  server_time?: string;
  recent?: { pocket: number; table_round_id: string }[];
};

export default function LiveRouletteScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const table = useRouletteBets();
  const [chip, setChip] = useState(() => Math.max(game.minBet, 1));
  const [round, setRound] = useState<TLiveEvent | null>(null);
  const [offset, setOffset] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [pocket, setPocket] = useState<number | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const [mine, setMine] = useState<{ tableRound: string; roundIds: string[]; staked: number }>({
    tableRound: '',
    roundIds: [],
    staked: 0,
  });
  const [result, setResult] = useState<string | null>(null);
  const spunFor = useRef('');
  const mineRef = useRef(mine);
  mineRef.current = mine;

  const settleMine = useCallback(
    async (tableRound: string) => {
      const own = mineRef.current;
      if (own.tableRound !== tableRound || own.roundIds.length === 0) return;
      let win = 0;
      for (const id of own.roundIds) {
        try {
          const record = await api.get<{ win: number; status: string }>('games.getRound', { round_id: id });
          win += record.win;
        } catch {
          /* the settlement will show on the next refresh */
        }
      }
      setResult(
        win > 0
          ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(win)}`
          : t('games.play.noWin', { defaultValue: 'No win this time' }),
      );
      session.settledByTable(`table:${tableRound}`, win);
    },
    [session, t],
  );

  const onEvent = useCallback(
    (event: TLiveEvent) => {
      setRound((current) =>
        current && current.table_round_id !== event.table_round_id && event.phase === 'betting'
          ? event
          : event,
      );
      if (event.phase === 'betting') {
        if (spunFor.current && spunFor.current !== event.table_round_id) setResult(null);
      }
      const p = event.result?.pocket;
      if (p !== undefined && p !== null && spunFor.current !== event.table_round_id) {
        spunFor.current = event.table_round_id;
        setSpinning(true);
        setRotation((r) => wheelRotation(p, r));
        setTimeout(() => {
          setSpinning(false);
          setPocket(p);
          setRecent((r) => [p, ...r].slice(0, 12));
          void settleMine(event.table_round_id);
        }, 4300);
      }
    },
    [settleMine],
  );

  // First state, then the socket; polling keeps the table going when the socket is not there.
  const live = useLiveSocket({
    sysname: game.sysname,
    pollMs: 2000,
    poll: async () => {
      const data = await api.get<TLiveEvent & { server_time: string; recent: { pocket: number }[] }>(
        'games.getLiveRound',
        { sysname: game.sysname },
      );
      setOffset(new Date(data.server_time).getTime() - Date.now());
      setRecent((r) => (r.length ? r : data.recent.map((x) => x.pocket)));
      onEvent(data);
    },
    onMessage: (message) => {
      const data = message.data as TLiveEvent & { sysname?: string };
      if (message.event === 'live.roulette.round' && data?.sysname === game.sysname) onEvent(data);
    },
  });

  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);

  const closesIn = round ? Math.max(0, new Date(round.betting_closes_at).getTime() - (now + offset)) : 0;
  const bettingOpen = round?.phase === 'betting' && closesIn > 300;
  const placed = mine.tableRound === round?.table_round_id ? mine.staked : 0;
  // From the close of a round we bet in until the wheel stops, the balance (the table settles at the spin) waits.
  const heldFor = useRef('');
  useEffect(() => {
    if (!round || bettingOpen || mine.tableRound !== round.table_round_id || mine.roundIds.length === 0)
      return;
    if (heldFor.current === round.table_round_id) return;
    heldFor.current = round.table_round_id;
    session.hold(`table:${round.table_round_id}`);
  }, [round, bettingOpen, mine, session]);

  const place = async () => {
    if (!round || !bettingOpen || table.total <= 0) return;
    const answer = await session.play({ params: { bets: table.bets() } });
    if (!answer) return;
    setMine((m) => ({
      tableRound: round.table_round_id,
      roundIds: m.tableRound === round.table_round_id ? [...m.roundIds, answer.round_id] : [answer.round_id],
      staked: (m.tableRound === round.table_round_id ? m.staked : 0) + answer.bet,
    }));
    table.remember();
    table.clear();
  };

  const seconds = Math.ceil(closesIn / 1000);
  return (
    <div className="gm-roulette gm-live" data-testid="live-roulette-screen">
      <div className="gm-live-bar">
        <span className={`gm-live-dot ${live ? 'on' : ''}`}>LIVE</span>
        <span className="text-xs text-white/60">
          {t('games.live.round', { defaultValue: 'Round #{n}', n: round?.nonce ?? '…' })} ·{' '}
          {round?.server_seed_hash.slice(0, 12)}…
        </span>
      </div>
      <div className="gm-roulette-top">
        <RouletteWheel rotation={rotation} pocket={pocket} spinning={spinning} />
        <div className="gm-roulette-side">
          <div
            className="gm-countdown"
            data-phase={bettingOpen ? 'betting' : 'closed'}
            data-testid="live-countdown"
          >
            <svg viewBox="0 0 36 36" aria-hidden="true">
              <circle cx="18" cy="18" r="15.5" fill="none" stroke="rgb(255 255 255 / 0.12)" strokeWidth="3" />
              <circle
                cx="18"
                cy="18"
                r="15.5"
                fill="none"
                stroke={seconds <= 5 ? '#ff4d6d' : '#2ee59d'}
                strokeWidth="3"
                strokeDasharray={`${(Math.min(closesIn, 15000) / 15000) * 97.4} 97.4`}
                transform="rotate(-90 18 18)"
                strokeLinecap="round"
              />
            </svg>
            <div>
              <b>{bettingOpen ? seconds : spinning ? '●' : '…'}</b>
              <span>
                {bettingOpen
                  ? t('games.live.placeBets', { defaultValue: 'Place your bets' })
                  : spinning
                    ? t('games.roulette.noMoreBets', { defaultValue: 'No more bets' })
                    : t('games.live.next', { defaultValue: 'Next round soon' })}
              </span>
            </div>
          </div>
          <p className="gm-label">{t('games.roulette.recent', { defaultValue: 'Last numbers' })}</p>
          <div className="gm-recent">
            {recent.map((n, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a history may repeat numbers
              <span key={i} className={`gm-recent-n gm-pocket-${colorOf(n)}`}>
                {n}
              </span>
            ))}
          </div>
          <div
            className={`gm-result ${result ? (result.startsWith('Win') ? 'gm-result-win' : 'gm-result-loss') : ''}`}
            role="status"
            data-testid="round-result"
          >
            {result ??
              (placed > 0
                ? t('games.live.placed', {
                    defaultValue: 'Your bets: {amount}',
                    amount: formatAmount(placed),
                  })
                : ' ')}
          </div>
        </div>
      </div>
      <RouletteTable
        chips={table.chips}
        onPlace={(bet) => table.place(bet, chip)}
        disabled={!bettingOpen || session.busy}
        winning={spinning ? null : pocket}
      />
      <div className="gm-controls">
        <div className="min-w-0 flex-1">
          <p className="gm-label">{t('games.roulette.chip', { defaultValue: 'Chip' })}</p>
          <ChipPicker value={chip} onChange={setChip} min={game.minBet} max={game.maxBet} />
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div className="gm-total">
            <span className="gm-label">{t('games.roulette.total', { defaultValue: 'Total bet' })}</span>
            <span className="tabular-nums text-lg font-black">{formatAmount(table.total)}</span>
          </div>
          <button
            type="button"
            className="gm-action gm-action-ghost !min-w-0"
            onClick={table.canRebet ? table.rebet : table.undo}
          >
            {table.canRebet
              ? t('games.roulette.rebet', { defaultValue: 'Rebet' })
              : t('games.roulette.undo', { defaultValue: 'Undo' })}
          </button>
          <button type="button" className="gm-action gm-action-ghost !min-w-0" onClick={table.clear}>
            {t('games.roulette.clear', { defaultValue: 'Clear' })}
          </button>
          <button
            type="button"
            className="gm-action"
            onClick={place}
            disabled={!bettingOpen || session.busy || table.total <= 0}
            data-testid="place-bets"
            data-primary-action
          >
            {t('games.live.bet', { defaultValue: 'Place bets' })}
          </button>
        </div>
      </div>
    </div>
  );
}
