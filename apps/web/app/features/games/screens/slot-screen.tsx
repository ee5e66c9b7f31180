/**
 * The slot screen: reels spin and stop one by one on the server's stops (outcome.spin.window), winning lines
 * are drawn across the reels and their cells glow, then any free spins play with their counter.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAccount } from '../../account/use-account';
import { GAMES_CALLS } from '../api/games-api';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import type { TPlayResult } from '../hooks/use-game-session';
import { formatAmount, wireRatio } from '../lib/wire';
import { useSlotArt } from '../slot-art/load-slot-art';
import { SlotSymbol } from '../slot-art/slot-symbol';
import { useSymbolName } from '../slot-art/symbol-name';
import type { TScreenProps } from './screen-props';

type TWireSpin = {
  stops: number[];
  window: string[][];
  lineWins: { line: number; symbol: string; count: number; pay: number }[];
  scatters: number;
  freeSpinsAwarded: number;
  multiplier: unknown;
};
type TWireSlotOutcome = { spin: TWireSpin | null; freeSpins: TWireSpin[]; freeSpinMultiplier: number };

/**
 * Before the first spin each reel stops on a different picture symbol (reel i at the first of the
 * (i + 2)-th symbol: past the wild and scatter), so the reels open on the theme, not on a row of letters.
 */
const firstWindow = (slot: NonNullable<TScreenProps['game']['slot']>) =>
  slot.reels.map((strip, reel) => {
    const lead = slot.symbols[(reel + 2) % slot.symbols.length]?.id;
    const stop = Math.max(0, strip.indexOf(lead ?? ''));
    return Array.from({ length: slot.rows }, (_, row) => strip[(stop + row) % strip.length] ?? '');
  });

const REEL_MS = 650;
const REEL_GAP_MS = 220;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function SlotScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const slot = game.slot;
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const initial = useMemo(() => (slot ? firstWindow(slot) : []), [slot]);
  const [window_, setWindow] = useState<string[][]>(initial);
  const [spinning, setSpinning] = useState<boolean[]>(() => initial.map(() => false));
  const [wins, setWins] = useState<TWireSpin['lineWins']>([]);
  const [free, setFree] = useState<{ index: number; total: number } | null>(null);
  const [message, setMessage] = useState<{ text: string; big: boolean } | null>(null);
  const [running, setRunning] = useState(false);
  const alive = useRef(true);
  const art = useSlotArt(game.engine);
  const nameOf = useSymbolName(game.engine);
  const account = useAccount();
  const queryClient = useQueryClient();
  // Spec §3 freespins packs: spins a bonus granted on this game, played in real mode at the pack's stake.
  const packs = useQuery({
    queryKey: ['games', 'freespins', game.sysname],
    queryFn: () => api.call(GAMES_CALLS.freespins, { sysnames: game.sysname }),
    enabled: account !== null && session.mode === 'real',
  });
  const pack = packs.data?.find((p) => p.sysname === game.sysname && p.remaining_count > 0);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  if (!slot) return null;
  const symbolOf = (id: string) =>
    slot.symbols.find((s) => s.id === id) ?? { id, name: id, kind: 'regular' as const };
  const drawing = (id: string) => {
    const symbol = symbolOf(id);
    return <SlotSymbol art={art} id={id} kind={symbol.kind} label={nameOf(symbol)} />;
  };
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };

  const showSpin = async (spin: TWireSpin) => {
    setWins([]);
    setSpinning(slot.reels.map(() => true));
    await sleep(REEL_MS);
    for (let reel = 0; reel < slot.reels.length; reel++) {
      if (!alive.current) return;
      setWindow((w) => w.map((col, i) => (i === reel ? (spin.window[reel] ?? col) : col)));
      setSpinning((s) => s.map((v, i) => (i === reel ? false : v)));
      await sleep(REEL_GAP_MS);
    }
    setWins(spin.lineWins);
  };

  const spin = async (freespins = false) => {
    if (running || (!freespins && !isBetValid(bet, limits))) return;
    setRunning(true);
    setMessage(null);
    setFree(null);
    const result: TPlayResult | null = await session.play(
      freespins ? { params: { freespins: true } } : { bet: betText(bet), params: {} },
    );
    if (freespins) void queryClient.invalidateQueries({ queryKey: ['games', 'freespins', game.sysname] });
    if (!result) {
      setRunning(false);
      return;
    }
    const outcome = result.outcome as TWireSlotOutcome;
    const stake = result.bet || (pack?.bet ?? 0);
    if (outcome.spin) {
      await showSpin(outcome.spin);
      const baseWin = stake * wireRatio(outcome.spin.multiplier);
      if (baseWin > 0) setMessage({ text: formatAmount(baseWin), big: baseWin >= stake * 10 });
      await sleep(baseWin > 0 ? 1100 : 300);
    }
    if (outcome.freeSpins.length > 0) {
      setMessage({
        text: t('games.slot.freeSpinsWon', {
          defaultValue: '{count} free spins!',
          count: outcome.freeSpins.length,
        }),
        big: true,
      });
      await sleep(1300);
      for (let k = 0; k < outcome.freeSpins.length && alive.current; k++) {
        setFree({ index: k + 1, total: outcome.freeSpins.length });
        const fs = outcome.freeSpins[k];
        if (fs) await showSpin(fs);
        await sleep(fs?.lineWins.length ? 700 : 250);
      }
    }
    session.reveal(result);
    setMessage(
      result.win > 0
        ? {
            text: `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(result.win)}`,
            big: result.win >= stake * 10,
          }
        : null,
    );
    setRunning(false);
  };

  const reels = slot.reels.length;
  const rows = slot.rows;
  const winCells = new Set<string>();
  for (const win of wins) {
    const line = slot.paylines[win.line];
    for (let r = 0; r < win.count && line; r++) winCells.add(`${r}:${line[r]}`);
  }
  return (
    <div className="gm-slot" data-testid="slot-screen">
      <div
        className="gm-slot-frame"
        style={
          {
            '--gm-reels': reels,
            '--gm-rows': rows,
            '--gm-theme-1': slot.palette[0],
            '--gm-theme-2': slot.palette[1],
            '--gm-theme-3': slot.palette[2],
          } as React.CSSProperties
        }
      >
        {free && (
          <div className="gm-slot-free" data-testid="free-spins-counter">
            {t('games.slot.freeSpin', {
              defaultValue: 'Free spin {index} / {total}',
              index: free.index,
              total: free.total,
            })}
          </div>
        )}
        <div className="gm-reels" style={{ gridTemplateColumns: `repeat(${reels}, minmax(0, 1fr))` }}>
          {slot.reels.map((strip, reel) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: reels are positional
            <div key={reel} className="gm-reel" data-spinning={spinning[reel] ? 'true' : 'false'}>
              {spinning[reel] && (
                <div className="gm-reel-blur" style={{ animationDelay: `${-reel * 70}ms` }}>
                  {[...strip.slice(0, rows + 6), ...strip.slice(0, rows + 6)].map((id, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a decorative strip
                    <div key={i} className="gm-cell">
                      {drawing(id)}
                    </div>
                  ))}
                </div>
              )}
              {(window_[reel] ?? []).map((id, row) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional
                  key={`${row}-${spinning[reel] ? 's' : 'l'}`}
                  className={`gm-cell ${spinning[reel] ? 'invisible' : 'gm-cell-land'} ${winCells.has(`${reel}:${row}`) ? 'gm-cell-win' : ''}`}
                  data-symbol={id}
                >
                  {drawing(id)}
                </div>
              ))}
            </div>
          ))}
          {wins.length > 0 && (
            <svg
              className="gm-paylines"
              viewBox={`0 0 ${reels * 100} ${rows * 100}`}
              preserveAspectRatio="none"
              aria-hidden="true"
            >
              {wins.map((win) => {
                const line = slot.paylines[win.line] ?? [];
                const points = line.map((row, reel) => `${reel * 100 + 50},${row * 100 + 50}`).join(' ');
                return (
                  <polyline
                    key={win.line}
                    points={points}
                    className="gm-payline"
                    style={{ stroke: `hsl(${(win.line * 47) % 360} 95% 62%)` }}
                  />
                );
              })}
            </svg>
          )}
        </div>
        {message && (
          <div
            className={`gm-slot-message ${message.big ? 'gm-slot-message-big' : ''}`}
            role="status"
            data-testid="slot-win"
          >
            {message.text}
          </div>
        )}
      </div>
      {pack && (
        <div className="gm-pack" data-testid="freespins-pack">
          <span>
            {t('games.slot.pack', {
              defaultValue: '{count} free spins at {stake} are waiting',
              count: pack.remaining_count,
              stake: formatAmount(pack.bet),
            })}
          </span>
          <button
            type="button"
            className="gm-action gm-action-alt"
            disabled={running || session.busy}
            onClick={() => spin(true)}
          >
            {t('games.slot.playPack', { defaultValue: 'Play free spins' })}
          </button>
        </div>
      )}
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} disabled={running} />
        <div className="gm-slot-info">
          <span>{t('games.slot.lines', { defaultValue: '{count} lines', count: slot.paylines.length })}</span>
          {wins.length > 0 && (
            <span className="text-[var(--accent)]" data-testid="slot-win-lines">
              {wins.map((w) => `#${w.line + 1} ${nameOf(symbolOf(w.symbol))} ×${w.count}`).join(' · ')}
            </span>
          )}
        </div>
        <button
          type="button"
          className="gm-spin"
          onClick={() => spin()}
          disabled={running || session.busy || !isBetValid(bet, limits)}
          data-testid="spin"
          data-primary-action
          aria-label={t('games.slot.spin', { defaultValue: 'Spin' })}
        >
          {running ? <span className="spinner size-6" /> : t('games.slot.spin', { defaultValue: 'Spin' })}
        </button>
      </div>
    </div>
  );
}
