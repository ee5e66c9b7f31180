/**
 * Crash: one shared table. Every player sees the same round from the /ws/live socket: the betting window's
 * countdown, the flight (the multiplier on the server's curve, drawn from the server's clock), the crash and its
 * revealed seed, and the round's players with their cash-outs. A bet (with an optional auto cash-out, which
 * the server settles even with this page closed) goes in during the window; "Cash out" settles at the
 * server's multiplier. A bet asked for after take-off waits for the next round.
 */
import {
  CRASH_MAX_CASHOUT,
  CRASH_MIN_CASHOUT,
  crashMultiplierAt,
  crashTimeFor,
} from '@casino/games/fast/crash';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import { formatAmount, formatMultiplier } from '../lib/wire';
import { paidBack, restoredAutoForm, restoredAutos, settled } from './crash-bets';
import { CrashChart, CrashHistory, CrashPlayers } from './crash-parts';
import type { TScreenProps } from './screen-props';
import { type TCrashBetView, useCrashTable } from './use-crash-table';

/** The server's clock (offset = server − device): every frame in flight, ten times a second otherwise. */
const useServerNow = (offset: number, everyFrame: boolean) => {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const loop = () => {
      setNow(Date.now() + offset);
      if (everyFrame) frame = requestAnimationFrame(loop);
      else timer = setTimeout(loop, 100);
    };
    loop();
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [offset, everyFrame]);
  return now;
};

const autoHundredths = (text: string) => Math.round(Number(text) * 100);

export default function CrashScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const table = useCrashTable(game.sysname);
  const [smooth, setSmooth] = useState(false);
  const now = useServerNow(table.offset, smooth);
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [auto, setAuto] = useState(false);
  const [autoValue, setAutoValue] = useState('2.00');
  const [mine, setMine] = useState<ReadonlySet<string>>(() => new Set());
  const [autos, setAutos] = useState<Record<string, number | null>>({});
  const [queued, setQueued] = useState<{ stake: string; auto: number | null; after: string } | null>(null);
  const [result, setResult] = useState<{ tableRound: string; win: number } | null>(null);
  // Bets whose settlement was already counted (restored settled, or cashed out by hand through games.play).
  const handled = useRef(new Set<string>());
  // The player changed the auto cash-out controls in this tab: a reload's restored bets no longer set them.
  const autoTouched = useRef(false);

  const round = table.round;
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const autoH = autoHundredths(autoValue);
  const autoValid = !auto || (autoH >= CRASH_MIN_CASHOUT && autoH <= CRASH_MAX_CASHOUT);
  const canBet = isBetValid(bet, limits) && autoValid;

  // The round on the server's clock: the flight starts when betting closes, whatever the socket says yet.
  const flightStart = round ? Date.parse(round.flight_started_at) : 0;
  const crashed = round?.phase === 'crashed' || round?.phase === 'settled';
  const flying = !!round && !crashed && now >= flightStart;
  const betting = !!round && round.phase === 'betting' && now < flightStart - 250;
  const crashPoint = crashed ? (round?.crash_point ?? 1) : null;
  const elapsed =
    crashPoint !== null ? crashTimeFor(Math.round(crashPoint * 100)) : flying ? now - flightStart : 0;
  const multiplier = crashPoint ?? crashMultiplierAt(elapsed) / 100;
  // Frame by frame only while the curve moves (from just before take-off to the crash).
  const moving = !!round && !crashed && now >= flightStart - 150;
  useEffect(() => setSmooth(moving), [moving]);

  // Bets of a reload (the server remembers whose they are, and their auto cash-out as a multiplier).
  useEffect(() => {
    if (table.restored.length === 0) return;
    setMine((s) => new Set([...s, ...table.restored.map((b) => b.round_id)]));
    setAutos((a) => ({ ...restoredAutos(table.restored), ...a }));
    for (const b of table.restored) if (settled(b)) handled.current.add(b.round_id);
    const form = autoTouched.current ? null : restoredAutoForm(table.restored);
    if (form) {
      setAuto(form.auto);
      if (form.value !== null) setAutoValue(form.value);
    }
  }, [table.restored]);

  const myBets = useMemo(() => table.bets.filter((b) => mine.has(b.round_id)), [table.bets, mine]);
  const myOpen = myBets.filter((b) => b.status === 'open');

  // An open bet of ours holds the balance (an auto cash-out's money shows with the table's word of it); once the
  // table settled it (an auto cash-out, the crash, a returned stake) the session shows the money: a player's comes
  // on the socket, as the header's.
  useEffect(() => {
    for (const b of myBets) {
      if (handled.current.has(b.round_id)) continue;
      if (!settled(b)) {
        session.hold(b.round_id);
        continue;
      }
      handled.current.add(b.round_id);
      session.settledByTable(b.round_id, paidBack(b));
    }
    if (
      round &&
      crashed &&
      myBets.length > 0 &&
      myBets.every(settled) &&
      result?.tableRound !== round.table_round_id
    )
      setResult({ tableRound: round.table_round_id, win: myBets.reduce((sum, b) => sum + paidBack(b), 0) });
  }, [myBets, session, round, crashed, result]);

  // A new flight clears the last round's result.
  useEffect(() => {
    if (flying && result && round && result.tableRound !== round.table_round_id) setResult(null);
  }, [flying, result, round]);

  const place = async (stake: string, autoAt: number | null) => {
    const answer = await session.play({
      bet: betText(stake),
      params: autoAt === null ? {} : { auto_cashout: (autoAt / 100).toFixed(2) },
    });
    if (!answer) return;
    setMine((s) => new Set(s).add(answer.round_id));
    setAutos((a) => ({ ...a, [answer.round_id]: autoAt }));
  };

  // A bet asked for during a flight goes in as soon as the next round opens.
  useEffect(() => {
    if (!queued || !round || round.table_round_id === queued.after || !betting) return;
    setQueued(null);
    void place(queued.stake, queued.auto);
  });

  const onBet = () => {
    const autoAt = auto ? autoH : null;
    if (betting) void place(bet, autoAt);
    else if (round) setQueued({ stake: bet, auto: autoAt, after: round.table_round_id });
  };

  // A cash-out by hand settles through games.play: its reveal ends the bet's hold.
  const cashout = async (b: TCrashBetView) => {
    handled.current.add(b.round_id);
    const answer = await session.play({ roundId: b.round_id, params: { type: 'cashout' } });
    if (answer) session.reveal(answer);
    else handled.current.delete(b.round_id);
  };

  const countdown = Math.max(0, flightStart - now);
  const nextIn = round?.next_round_at ? Math.max(0, Date.parse(round.next_round_at) - now) : 0;
  const cashedOut = myBets.filter((b) => b.status === 'cashed_out');
  const openStake = myOpen.reduce((sum, b) => sum + b.bet, 0);
  const liveWin = Math.floor(openStake * Math.round(multiplier * 100)) / 100;

  let action: React.ReactNode;
  if (flying && myOpen.length > 0) {
    action = (
      <button
        type="button"
        className="gm-action gm-crash-cashout"
        onClick={() => myOpen.forEach((b) => void cashout(b))}
        disabled={session.busy}
        data-testid="cashout"
        data-primary-action
      >
        <span>{t('games.play.cashout', { defaultValue: 'Cash out' })}</span>
        <b className="tabular-nums">{formatAmount(liveWin, session.currency)}</b>
      </button>
    );
  } else if (betting && myOpen.length > 0) {
    action = (
      <button
        type="button"
        className="gm-action gm-action-ghost"
        disabled
        data-testid="bet-placed"
        data-primary-action
      >
        {t('games.crash.waiting', { defaultValue: 'Waiting for take-off' })}
      </button>
    );
  } else if (queued) {
    action = (
      <button
        type="button"
        className="gm-action gm-action-ghost"
        onClick={() => setQueued(null)}
        data-testid="cancel-queued"
      >
        <span>{t('games.crash.cancelNext', { defaultValue: 'Cancel' })}</span>
        <small>{t('games.crash.queued', { defaultValue: 'Bet waits for the next round' })}</small>
      </button>
    );
  } else {
    action = (
      <button
        type="button"
        className="gm-action"
        onClick={onBet}
        disabled={!round || session.busy || !canBet}
        data-testid="start"
        data-primary-action
      >
        {betting
          ? t('games.crash.bet', { defaultValue: 'Bet' })
          : t('games.crash.betNext', { defaultValue: 'Bet next round' })}
      </button>
    );
  }

  return (
    <div
      className="gm-crash"
      data-testid="crash-screen"
      data-phase={crashed ? 'crashed' : flying ? 'flying' : 'betting'}
    >
      <div className="gm-live-bar">
        <span className={`gm-live-dot ${table.live ? 'on' : ''}`}>LIVE</span>
        <span className="min-w-0 truncate text-xs text-white/60" data-testid="crash-round">
          {t('games.live.round', { defaultValue: 'Round #{n}', n: round?.nonce ?? '…' })}
          {round && (
            <span className="font-mono" title={round.server_seed_hash}>
              {' '}
              · {round.server_seed_hash.slice(0, 10)}…
            </span>
          )}
        </span>
      </div>
      <CrashHistory recent={table.recent} />
      <div className="gm-crash-body">
        <CrashChart
          elapsedMs={elapsed}
          multiplier={multiplier}
          crashed={crashed}
          waiting={!flying && !crashed}
        >
          <div className={`gm-crash-value ${crashed ? 'crashed' : ''}`} data-testid="crash-value">
            {!round ? (
              <span className="spinner size-10" />
            ) : flying || crashed ? (
              <>
                {crashed && <small>{t('games.crash.crashed', { defaultValue: 'Crashed' })}</small>}
                <span className="tabular-nums">{formatMultiplier(multiplier)}</span>
                <small>
                  {crashed
                    ? nextIn > 0
                      ? t('games.crash.nextIn', {
                          defaultValue: 'Next round in {s}s',
                          s: Math.ceil(nextIn / 1000),
                        })
                      : t('games.live.next', { defaultValue: 'Next round soon' })
                    : myOpen.length > 0
                      ? t('games.crash.flying', { defaultValue: 'Cash out before it crashes' })
                      : t('games.crash.inFlight', { defaultValue: 'In flight' })}
                </small>
              </>
            ) : (
              <div className="gm-crash-wait">
                <small>{t('games.crash.takeOff', { defaultValue: 'Take-off in' })}</small>
                <span className="tabular-nums" data-testid="crash-countdown">
                  {(countdown / 1000).toFixed(1)}s
                </span>
                <i>
                  <b style={{ width: `${Math.min(100, (countdown / 7000) * 100)}%` }} />
                </i>
                <small>{t('games.live.placeBets', { defaultValue: 'Place your bets' })}</small>
              </div>
            )}
          </div>
          {cashedOut.length > 0 && (
            <div className="gm-crash-cashed" data-testid="crash-cashed">
              {t('games.crash.cashedAt', {
                defaultValue: 'Cashed out at {x}',
                x: formatMultiplier(cashedOut[0]?.cashout ?? 0),
              })}{' '}
              · +
              {formatAmount(
                cashedOut.reduce((sum, b) => sum + b.win, 0),
                session.currency,
              )}
            </div>
          )}
          {round?.interrupted && (
            <div className="gm-crash-note">
              {t('games.crash.interrupted', {
                defaultValue: 'The table was interrupted: open bets were returned',
              })}
            </div>
          )}
        </CrashChart>
        <CrashPlayers bets={table.bets} mine={mine} crashed={crashed} />
        <div
          className={`gm-result ${result ? (result.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
          role="status"
          data-testid="round-result"
        >
          {result
            ? result.win > 0
              ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(result.win, session.currency)}`
              : t('games.play.noWin', { defaultValue: 'No win this time' })
            : myOpen.length > 0
              ? t('games.crash.yourBet', {
                  defaultValue: 'Your bet: {amount}',
                  amount: formatAmount(openStake, session.currency),
                }) +
                (myOpen[0] && autos[myOpen[0].round_id]
                  ? ` · ${t('games.crash.autoAt', { defaultValue: 'auto at {x}', x: formatMultiplier((autos[myOpen[0].round_id] ?? 0) / 100) })}`
                  : '')
              : ' '}
        </div>
        <div className="gm-controls gm-crash-controls">
          <BetInput value={bet} onChange={setBet} limits={limits} disabled={session.busy} />
          <div className="gm-bet gm-crash-auto">
            <label className="gm-label flex items-center gap-2">
              <input
                type="checkbox"
                checked={auto}
                onChange={(e) => {
                  autoTouched.current = true;
                  setAuto(e.target.checked);
                }}
                data-testid="auto-toggle"
              />
              {t('games.crash.auto', { defaultValue: 'Auto cash-out' })}
            </label>
            <div className="gm-bet-row">
              <input
                className="gm-bet-input ps-3"
                inputMode="decimal"
                value={autoValue}
                onChange={(e) => {
                  autoTouched.current = true;
                  setAutoValue(e.target.value.replace(/[^\d.]/g, ''));
                  setAuto(true);
                }}
                aria-label={t('games.crash.autoLabel', { defaultValue: 'Auto cash-out multiplier' })}
                aria-invalid={!autoValid}
                data-testid="auto-cashout"
              />
              <span className="pe-3 font-bold text-white/60">×</span>
            </div>
          </div>
          {action}
        </div>
      </div>
    </div>
  );
}
