/** Keno: pick 1–10 of 40, ten numbers are drawn one by one; the paytable row for the picks is shown live. */
import { KENO_PAYTABLE } from '@casino/games/logical/keno';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import { formatAmount, formatMultiplier } from '../lib/wire';
import type { TScreenProps } from './screen-props';

const DRAW_MS = 180;

export default function KenoScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [picks, setPicks] = useState<number[]>([3, 11, 19, 27, 35]);
  const [drawn, setDrawn] = useState<number[]>([]);
  const [drawing, setDrawing] = useState(false);
  const [result, setResult] = useState<{ win: number; hits: number } | null>(null);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const row = KENO_PAYTABLE[picks.length] ?? [];
  const hits = drawn.filter((n) => picks.includes(n)).length;

  const toggle = (n: number) => {
    if (drawing) return;
    setDrawn([]);
    setResult(null);
    setPicks((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length < 10 ? [...p, n] : p));
  };
  const quick = () => {
    const pool = Array.from({ length: 40 }, (_, i) => i + 1);
    const chosen: number[] = [];
    const count = Math.max(picks.length, 5);
    for (let i = 0; i < count; i++) chosen.push(...pool.splice(Math.floor(Math.random() * pool.length), 1));
    setPicks(chosen);
    setDrawn([]);
    setResult(null);
  };
  const play = async () => {
    const answer = await session.play({ bet: betText(bet), params: { picks } });
    if (!answer) return;
    const outcome = answer.outcome as { drawn: number[]; hits: number[] };
    setDrawing(true);
    setDrawn([]);
    setResult(null);
    outcome.drawn.forEach((n, i) => {
      setTimeout(() => setDrawn((d) => [...d, n]), (i + 1) * DRAW_MS);
    });
    setTimeout(
      () => {
        setDrawing(false);
        setResult({ win: answer.win, hits: outcome.hits.length });
        session.reveal(answer);
      },
      (outcome.drawn.length + 1) * DRAW_MS,
    );
  };

  return (
    <div className="gm-keno" data-testid="keno-screen">
      <div className="gm-keno-board">
        {Array.from({ length: 40 }, (_, i) => i + 1).map((n) => {
          const picked = picks.includes(n);
          const isDrawn = drawn.includes(n);
          return (
            <button
              key={n}
              type="button"
              className="gm-keno-n"
              data-picked={picked}
              data-drawn={isDrawn}
              data-hit={picked && isDrawn}
              onClick={() => toggle(n)}
              aria-pressed={picked}
              data-testid={`keno-${n}`}
            >
              {n}
            </button>
          );
        })}
      </div>
      <div className="gm-keno-pays">
        {row.map((m, h) =>
          m > 0 ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: hit counts are positional
            <span key={h} data-active={drawn.length === 10 && h === hits}>
              <b>{h}</b> {formatMultiplier(m / 100)}
            </span>
          ) : null,
        )}
      </div>
      <div
        className={`gm-result ${result ? (result.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
        role="status"
        data-testid="round-result"
      >
        {result
          ? `${t('games.keno.hits', { defaultValue: '{count} hits', count: result.hits })} · ${result.win > 0 ? formatAmount(result.win) : t('games.play.noWin', { defaultValue: 'No win this time' })}`
          : t('games.keno.picks', { defaultValue: '{count} of 10 picked', count: picks.length })}
      </div>
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} disabled={drawing} />
        <button type="button" className="gm-action gm-action-ghost" onClick={quick} disabled={drawing}>
          {t('games.keno.quick', { defaultValue: 'Quick pick' })}
        </button>
        <button
          type="button"
          className="gm-action gm-action-ghost"
          onClick={() => setPicks([])}
          disabled={drawing}
        >
          {t('games.roulette.clear', { defaultValue: 'Clear' })}
        </button>
        <button
          type="button"
          className="gm-action"
          onClick={play}
          disabled={drawing || session.busy || picks.length === 0 || !isBetValid(bet, limits)}
          data-testid="start"
          data-primary-action
        >
          {t('games.keno.draw', { defaultValue: 'Draw' })}
        </button>
      </div>
    </div>
  );
}
