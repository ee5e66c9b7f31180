/** The crash screen's pieces: the flight chart, the round's players list and the recent crash points. */
import { CRASH_GROWTH_PER_MS } from '@casino/games/fast/crash';
import { memo, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { formatAmount, formatMultiplier } from '../lib/wire';
import type { TCrashBetView, TCrashResult } from './use-crash-table';

const W = 400;
const H = 220;
const PAD = 6;

/** Nice tick values between 1× and `top` for the multiplier axis. */
const multiplierTicks = (top: number) => {
  const span = top - 1;
  const raw = span / 3;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((s) => s * magnitude).find((s) => s >= raw) ?? raw;
  const ticks: number[] = [];
  for (let v = 1 + step; v < top; v += step) ticks.push(v);
  return ticks;
};

const secondTicks = (spanMs: number) => {
  const seconds = spanMs / 1000;
  const step = seconds <= 12 ? 2 : seconds <= 30 ? 5 : seconds <= 80 ? 10 : 30;
  const ticks: number[] = [];
  for (let s = step; s < seconds; s += step) ticks.push(s);
  return ticks;
};

export function CrashChart({
  elapsedMs,
  multiplier,
  crashed,
  waiting,
  children,
}: {
  /** ms of flight shown (0 while betting). */
  elapsedMs: number;
  /** The multiplier shown, e.g. 1.87. */
  multiplier: number;
  crashed: boolean;
  waiting: boolean;
  children: ReactNode;
}) {
  const spanMs = Math.max(10_000, elapsedMs * 1.15);
  const top = Math.max(2, multiplier * 1.25);
  const x = (ms: number) => PAD + (ms / spanMs) * (W - 2 * PAD);
  const y = (m: number) => H - PAD - ((m - 1) / (top - 1)) * (H - 2 * PAD);
  const points: string[] = [];
  const steps = 64;
  for (let i = 0; i <= steps; i++) {
    const ms = (elapsedMs * i) / steps;
    points.push(
      `${x(ms).toFixed(1)},${y(Math.min(multiplier, Math.exp(CRASH_GROWTH_PER_MS * ms))).toFixed(1)}`,
    );
  }
  const tipX = (x(elapsedMs) / W) * 100;
  const tipY = (y(multiplier) / H) * 100;
  const colour = crashed ? '#ff4d6d' : '#a78bff';
  return (
    <div className="gm-crash-chart" data-crashed={crashed} data-waiting={waiting}>
      <svg viewBox={`0 0 ${W} ${H}`} preserveAspectRatio="none" aria-hidden="true">
        <defs>
          <linearGradient id="gm-crash-fill" x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor={colour} stopOpacity="0.45" />
            <stop offset="1" stopColor={colour} stopOpacity="0" />
          </linearGradient>
        </defs>
        {multiplierTicks(top).map((v) => (
          <line key={v} x1={PAD} x2={W - PAD} y1={y(v)} y2={y(v)} className="gm-crash-grid" />
        ))}
        {secondTicks(spanMs).map((s) => (
          <line key={s} x1={x(s * 1000)} x2={x(s * 1000)} y1={PAD} y2={H - PAD} className="gm-crash-grid" />
        ))}
        {elapsedMs > 0 && (
          <>
            <polygon
              points={`${x(0)},${H - PAD} ${points.join(' ')} ${x(elapsedMs)},${H - PAD}`}
              fill="url(#gm-crash-fill)"
            />
            <polyline
              points={points.join(' ')}
              fill="none"
              stroke={colour}
              strokeWidth="4"
              strokeLinecap="round"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </>
        )}
      </svg>
      <div className="gm-crash-axis-y" aria-hidden="true">
        {[1, ...multiplierTicks(top)].map((v) => (
          <span key={v} style={{ top: `${(y(v) / H) * 100}%` }}>
            {v.toFixed(v < 10 ? 1 : 0)}×
          </span>
        ))}
      </div>
      <div className="gm-crash-axis-x" aria-hidden="true">
        {secondTicks(spanMs).map((s) => (
          <span key={s} style={{ left: `${(x(s * 1000) / W) * 100}%` }}>
            {s}s
          </span>
        ))}
      </div>
      <div className="gm-crash-plot" aria-hidden="true">
        <div
          className={`gm-crash-rocket ${crashed ? 'boom' : ''}`}
          style={{ left: `${tipX}%`, top: `${tipY}%` }}
        />
      </div>
      {children}
    </div>
  );
}

const pointClass = (point: number) => (point >= 10 ? 'gold' : point >= 2 ? 'hi' : 'lo');

export function CrashHistory({ recent }: { recent: TCrashResult[] }) {
  const { t } = useTranslation();
  return (
    <div className="gm-crash-history" data-testid="crash-history">
      <span className="gm-label !mb-0 shrink-0">{t('games.crash.history', { defaultValue: 'Recent' })}</span>
      <div className="gm-crash-history-list">
        {recent.map((r) => (
          <span
            key={r.table_round_id}
            className={pointClass(r.crash_point)}
            title={`#${r.nonce} · ${r.server_seed_hash.slice(0, 16)}…`}
          >
            {formatMultiplier(r.crash_point)}
          </span>
        ))}
      </div>
    </div>
  );
}

const initial = (name: string) => (name ? name[0]?.toUpperCase() : '?');

export const CrashPlayers = memo(function CrashPlayers({
  bets,
  mine,
  crashed,
}: {
  bets: TCrashBetView[];
  mine: ReadonlySet<string>;
  crashed: boolean;
}) {
  const { t } = useTranslation();
  const total = bets.reduce((sum, b) => sum + b.bet, 0);
  const sorted = [...bets].sort((a, b) => b.bet - a.bet);
  return (
    <section
      className="gm-crash-players"
      data-testid="crash-players"
      aria-label={t('games.crash.players', { defaultValue: 'Players' })}
    >
      <header>
        <span>
          {t('games.crash.players', { defaultValue: 'Players' })} <b>{bets.length}</b>
        </span>
        <span>
          {t('games.crash.totalBet', { defaultValue: 'Total bet' })} <b>{formatAmount(total)}</b>
        </span>
      </header>
      {sorted.length === 0 ? (
        <p className="gm-crash-empty">
          {t('games.crash.noBets', { defaultValue: 'No bets in this round yet' })}
        </p>
      ) : (
        <ul>
          {sorted.map((b) => (
            <li
              key={b.round_id}
              data-status={b.status === 'open' && crashed ? 'lost' : b.status}
              data-mine={mine.has(b.round_id)}
              data-testid="crash-player"
            >
              <span className="gm-crash-avatar" aria-hidden="true">
                {initial(b.player)}
              </span>
              <span className="gm-crash-name">
                <span>{b.player || t('games.crash.guest', { defaultValue: 'Guest' })}</span>
                {mine.has(b.round_id) && (
                  <em className="gm-crash-you">{t('games.crash.you', { defaultValue: 'you' })}</em>
                )}
                {b.mode === 'demo' && <em>{t('games.crash.demo', { defaultValue: 'demo' })}</em>}
              </span>
              <span className="gm-crash-stake tabular-nums">{formatAmount(b.bet, b.currency)}</span>
              <span className="gm-crash-out tabular-nums">
                {b.status === 'cashed_out' && b.cashout !== null ? (
                  <>
                    {formatMultiplier(b.cashout)}
                    <small>+{formatAmount(b.win, b.currency)}</small>
                  </>
                ) : b.status === 'returned' ? (
                  <>
                    ↩<small>{formatAmount(b.bet, b.currency)}</small>
                  </>
                ) : (
                  '—'
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
});
