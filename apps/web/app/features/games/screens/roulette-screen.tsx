/** European roulette: chips on every standard bet, the wheel spins to the server's pocket, wins marked. */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { useRouletteBets } from '../hooks/use-roulette-bets';
import { checkBet } from '../lib/bet-amount';
import { colorOf, wheelRotation } from '../lib/roulette-layout';
import { formatAmount } from '../lib/wire';
import { ChipPicker, RouletteTable, RouletteWheel } from './roulette-parts';
import type { TScreenProps } from './screen-props';

const SPIN_MS = 4300;

export default function RouletteScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const table = useRouletteBets();
  const [chip, setChip] = useState(() => Math.max(game.minBet, 1));
  const [rotation, setRotation] = useState(0);
  const [spinning, setSpinning] = useState(false);
  const [pocket, setPocket] = useState<number | null>(null);
  const [result, setResult] = useState<{ win: number; bet: number } | null>(null);
  const [recent, setRecent] = useState<number[]>([]);
  const check = checkBet(table.total.toFixed(2), {
    min: game.minBet,
    max: game.maxBet * 10,
    balance: session.balance,
  });

  const spin = async () => {
    if (spinning || table.total <= 0) return;
    setResult(null);
    const answer = await session.play({ params: { bets: table.bets() } });
    if (!answer) return;
    const outcome = answer.outcome as { pocket: number };
    setSpinning(true);
    setRotation((r) => wheelRotation(outcome.pocket, r));
    setTimeout(() => {
      setSpinning(false);
      setPocket(outcome.pocket);
      setRecent((r) => [outcome.pocket, ...r].slice(0, 12));
      setResult({ win: answer.win, bet: answer.bet });
      session.reveal(answer);
      table.remember();
      table.clear();
    }, SPIN_MS);
  };

  return (
    <div className="gm-roulette" data-testid="roulette-screen">
      <div className="gm-roulette-top">
        <RouletteWheel rotation={rotation} pocket={pocket} spinning={spinning} />
        <div className="gm-roulette-side">
          <p className="gm-label">{t('games.roulette.recent', { defaultValue: 'Last numbers' })}</p>
          <div className="gm-recent">
            {recent.length === 0 ? (
              <span className="text-xs text-white/50">—</span>
            ) : (
              recent.map((n, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a history may repeat numbers
                <span key={i} className={`gm-recent-n gm-pocket-${colorOf(n)}`}>
                  {n}
                </span>
              ))
            )}
          </div>
          <div
            className={`gm-result ${result ? (result.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
            role="status"
            data-testid="round-result"
          >
            {result
              ? result.win > 0
                ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(result.win)}`
                : t('games.play.noWin', { defaultValue: 'No win this time' })
              : spinning
                ? t('games.roulette.noMoreBets', { defaultValue: 'No more bets' })
                : t('games.roulette.placeBets', { defaultValue: 'Place your bets' })}
          </div>
        </div>
      </div>
      <RouletteTable
        chips={table.chips}
        onPlace={(bet) => table.place(bet, chip)}
        disabled={spinning || session.busy}
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
            <span className="tabular-nums text-lg font-black" data-testid="roulette-total">
              {formatAmount(table.total)}
            </span>
          </div>
          <button
            type="button"
            className="gm-action gm-action-ghost !min-w-0"
            onClick={table.undo}
            disabled={spinning}
          >
            {t('games.roulette.undo', { defaultValue: 'Undo' })}
          </button>
          <button
            type="button"
            className="gm-action gm-action-ghost !min-w-0"
            onClick={table.canRebet ? table.rebet : table.double}
            disabled={spinning}
          >
            {table.canRebet ? t('games.roulette.rebet', { defaultValue: 'Rebet' }) : '2×'}
          </button>
          <button
            type="button"
            className="gm-action gm-action-ghost !min-w-0"
            onClick={table.clear}
            disabled={spinning}
          >
            {t('games.roulette.clear', { defaultValue: 'Clear' })}
          </button>
          <button
            type="button"
            className="gm-action"
            onClick={spin}
            disabled={
              spinning || session.busy || table.total <= 0 || (!check.ok && check.code === 'wrongField')
            }
            data-testid="spin"
            data-primary-action
          >
            {t('games.roulette.spin', { defaultValue: 'Spin' })}
          </button>
        </div>
      </div>
      {!check.ok && table.total > 0 && check.code === 'balance' && (
        <p className="gm-bet-error" role="alert">
          {t('games.bet.balance', { defaultValue: 'More than your balance' })}
        </p>
      )}
    </div>
  );
}
