/**
 * Crash: the multiplier climbs on the server's curve (e^(0.00006·ms)); cash out by hand (the server reads the
 * curve at its own clock) or set an auto cash-out, which the server settles at once — then the screen plays
 * the round's curve up to its crash point.
 */
import { CRASH_GROWTH_PER_MS, crashMultiplierAt, crashTimeFor } from '@casino/games/fast/crash';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import type { TScreenProps } from '../components/game-page';
import type { TPlayResult } from '../hooks/use-game-session';
import { formatAmount, formatMultiplier } from '../lib/wire';

type TCrashOutcome = { crash: number | null; cashedOutAt: number | null; won: boolean };
/** Long rounds are replayed faster so a 50× crash does not take a minute. */
const replaySpeed = (crash: number) => Math.max(1, crashTimeFor(crash) / 6000);

export default function CrashScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [auto, setAuto] = useState(true);
  const [autoValue, setAutoValue] = useState('2.00');
  const [round, setRound] = useState<TPlayResult | null>(null);
  const [now, setNow] = useState(100);
  const [elapsed, setElapsed] = useState(0);
  const [history, setHistory] = useState<number[]>([]);
  const frame = useRef(0);
  const started = useRef(0);
  const target = useRef<{ crash: number; speed: number } | null>(null);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const outcome = round?.outcome as TCrashOutcome | undefined;
  const open = round?.status === 'open';
  const flying = frame.current !== 0;
  const autoHundredths = Math.round(Number(autoValue) * 100);
  const autoValid = !auto || (autoHundredths >= 101 && autoHundredths <= 100_000_000);

  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const fly = (onDone?: () => void) => {
    started.current = performance.now();
    const tick = () => {
      const goal = target.current;
      const ms = (performance.now() - started.current) * (goal?.speed ?? 1);
      const m = crashMultiplierAt(ms);
      if (goal && m >= goal.crash) {
        setNow(goal.crash);
        setElapsed(crashTimeFor(goal.crash));
        frame.current = 0;
        onDone?.();
        return;
      }
      setNow(m);
      setElapsed(ms);
      frame.current = requestAnimationFrame(tick);
    };
    cancelAnimationFrame(frame.current);
    frame.current = requestAnimationFrame(tick);
  };

  const finish = (answer: TPlayResult) => {
    const o = answer.outcome as TCrashOutcome;
    session.reveal(answer);
    if (o.crash) setHistory((h) => [o.crash as number, ...h].slice(0, 10));
  };

  const start = async () => {
    const answer = await session.play({
      bet: betText(bet),
      params: auto ? { autoCashout: autoHundredths } : {},
    });
    if (!answer) return;
    setRound(answer);
    const o = answer.outcome as TCrashOutcome;
    if (answer.status === 'finished' && o.crash) {
      target.current = { crash: o.crash, speed: replaySpeed(o.crash) };
      fly(() => finish(answer));
    } else {
      target.current = null;
      fly();
    }
  };

  const cashout = async () => {
    if (!round) return;
    const answer = await session.play({ roundId: round.round_id, params: { type: 'cashout' } });
    if (!answer) return;
    setRound(answer);
    const o = answer.outcome as TCrashOutcome;
    if (o.crash) {
      // The rest of the curve up to the crash, faster.
      const from = crashTimeFor(Math.max(now, 100));
      target.current = { crash: o.crash, speed: Math.max(2, (crashTimeFor(o.crash) - from) / 2500) };
      fly(() => finish(answer));
      started.current = performance.now() - from / (target.current.speed || 1);
    }
  };

  const crashed = outcome?.crash != null && !flying && now >= (outcome.crash ?? 0);
  const cashedAt = outcome?.cashedOutAt ?? null;
  const top = Math.max(2, now / 100) * 1.15;
  const span = Math.max(6000, elapsed * 1.1);
  const points: string[] = [];
  for (let i = 0; i <= 60; i++) {
    const ms = (elapsed * i) / 60;
    const m = Math.exp(CRASH_GROWTH_PER_MS * ms);
    points.push(`${(ms / span) * 400},${200 - ((m - 1) / (top - 1)) * 190}`);
  }
  return (
    <div className="gm-crash" data-testid="crash-screen">
      <div className="gm-crash-history">
        {history.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history may repeat values
          <span key={i} className={c >= 200 ? 'hi' : 'lo'}>
            {formatMultiplier(c / 100)}
          </span>
        ))}
      </div>
      <div className="gm-crash-chart">
        <svg viewBox="0 0 400 210" preserveAspectRatio="none" aria-hidden="true">
          <defs>
            <linearGradient id="gm-crash-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0" stopColor={crashed ? '#ff4d6d' : '#7c5cff'} stopOpacity="0.55" />
              <stop offset="1" stopColor={crashed ? '#ff4d6d' : '#7c5cff'} stopOpacity="0" />
            </linearGradient>
          </defs>
          {[0.25, 0.5, 0.75].map((y) => (
            <line key={y} x1="0" x2="400" y1={210 * y} y2={210 * y} stroke="rgb(255 255 255 / 0.07)" />
          ))}
          {elapsed > 0 && (
            <>
              <polygon
                points={`0,200 ${points.join(' ')} ${points.at(-1)?.split(',')[0]},200`}
                fill="url(#gm-crash-fill)"
              />
              <polyline
                points={points.join(' ')}
                fill="none"
                stroke={crashed ? '#ff4d6d' : '#b69cff'}
                strokeWidth="4"
                strokeLinecap="round"
                vectorEffect="non-scaling-stroke"
              />
            </>
          )}
        </svg>
        <div className={`gm-crash-value ${crashed ? 'crashed' : ''}`} data-testid="crash-value">
          {formatMultiplier(now / 100)}
          <small>
            {crashed
              ? t('games.crash.crashed', { defaultValue: 'Crashed' })
              : open
                ? t('games.crash.flying', { defaultValue: 'Cash out before it crashes' })
                : ' '}
          </small>
        </div>
        {cashedAt && now >= cashedAt && (
          <div className="gm-crash-cashed">
            {t('games.crash.cashedAt', {
              defaultValue: 'Cashed out at {x}',
              x: formatMultiplier(cashedAt / 100),
            })}
          </div>
        )}
      </div>
      <div
        className={`gm-result ${round && !open && !flying ? (round.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
        role="status"
        data-testid="round-result"
      >
        {round && !open && !flying
          ? round.win > 0
            ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(round.win)}`
            : t('games.play.noWin', { defaultValue: 'No win this time' })
          : ' '}
      </div>
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} disabled={open || flying} />
        <div className="gm-bet !flex-[0_1_10rem]">
          <label className="gm-label flex items-center gap-2">
            <input
              type="checkbox"
              checked={auto}
              onChange={(e) => setAuto(e.target.checked)}
              disabled={open || flying}
            />
            {t('games.crash.auto', { defaultValue: 'Auto cash-out' })}
          </label>
          <div className="gm-bet-row">
            <input
              className="gm-bet-input ps-3"
              inputMode="decimal"
              value={autoValue}
              onChange={(e) => setAutoValue(e.target.value.replace(/[^\d.]/g, ''))}
              disabled={!auto || open || flying}
              aria-label="Auto cash-out multiplier"
              aria-invalid={!autoValid}
              data-testid="auto-cashout"
            />
            <span className="pe-3 font-bold text-white/60">×</span>
          </div>
        </div>
        {open ? (
          <button
            type="button"
            className="gm-action gm-action-alt"
            onClick={cashout}
            disabled={session.busy}
            data-testid="cashout"
          >
            {t('games.play.cashout', { defaultValue: 'Cash out' })}{' '}
            {formatAmount(((round?.bet ?? 0) * now) / 100)}
          </button>
        ) : (
          <button
            type="button"
            className="gm-action"
            onClick={start}
            disabled={flying || session.busy || !autoValid || !isBetValid(bet, limits)}
            data-testid="start"
          >
            {t('games.crash.bet', { defaultValue: 'Bet' })}
          </button>
        )}
      </div>
    </div>
  );
}
