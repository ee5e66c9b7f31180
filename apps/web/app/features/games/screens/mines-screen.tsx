/** Mines: a 5×5 field; pick the mine count, reveal tiles one by one, cash out before a mine. */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import type { TPlayResult } from '../hooks/use-game-session';
import { minesMultiplier } from '../lib/multi-step';
import { formatAmount, formatMultiplier, wireRatio } from '../lib/wire';
import type { TScreenProps } from './screen-props';

type TMinesOutcome = {
  mines: number;
  revealed: number[];
  hitMine: number | null;
  multiplier: unknown;
  mineTiles: number[] | null;
};

export default function MinesScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [mines, setMines] = useState(3);
  const [round, setRound] = useState<TPlayResult | null>(null);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const outcome = round?.outcome as TMinesOutcome | undefined;
  const open = round?.status === 'open';
  const revealed = new Set(outcome?.revealed ?? []);
  const mineTiles = new Set(outcome?.mineTiles ?? []);
  const count = outcome?.mines ?? mines;
  const current = outcome ? wireRatio(outcome.multiplier) : 1;
  const next = minesMultiplier(count, (outcome?.revealed.length ?? 0) + 1);

  const settle = (answer: TPlayResult | null) => {
    if (!answer) return;
    setRound(answer);
    if (answer.status === 'finished') session.reveal(answer);
  };
  const start = async () => settle(await session.play({ bet: betText(bet), params: { mines } }));
  const reveal = async (tile: number) => {
    if (!open || revealed.has(tile) || !round) return;
    settle(await session.play({ roundId: round.round_id, params: { type: 'reveal', tile } }));
  };
  const cashout = async () =>
    round && settle(await session.play({ roundId: round.round_id, params: { type: 'cashout' } }));

  return (
    <div className="gm-mines" data-testid="mines-screen">
      <div className="gm-mines-layout">
        <div className="gm-mines-grid" data-testid="mines-grid">
          {Array.from({ length: 25 }, (_, tile) => {
            const isMine = mineTiles.has(tile);
            const isHit = outcome?.hitMine === tile;
            const state = revealed.has(tile)
              ? 'gem'
              : isMine
                ? isHit
                  ? 'boom'
                  : 'mine'
                : round && !open
                  ? 'dim'
                  : 'hidden';
            return (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: tiles are positional
                key={tile}
                type="button"
                className="gm-tile-m"
                data-state={state}
                disabled={!open || revealed.has(tile) || session.busy}
                onClick={() => reveal(tile)}
                aria-label={`Tile ${tile + 1}${state === 'gem' ? ', safe' : state === 'mine' || state === 'boom' ? ', mine' : ''}`}
                data-testid={`tile-${tile}`}
              >
                {state === 'gem' && (
                  <svg viewBox="0 0 40 40" aria-hidden="true">
                    <path d="M10 6h20l8 10-18 20L2 16z" fill="#2ee59d" stroke="#d9fff0" strokeWidth="2" />
                    <path d="M2 16h36M14 6l6 30 6-30" stroke="#0b7a4f" strokeWidth="1.5" fill="none" />
                  </svg>
                )}
                {(state === 'mine' || state === 'boom') && (
                  <svg viewBox="0 0 40 40" aria-hidden="true">
                    <circle cx="20" cy="22" r="12" fill="#1a1a22" stroke="#ff4d6d" strokeWidth="2" />
                    <path
                      d="M20 4v6M6 22H2M38 22h-4M9 11l3 3M31 11l-3 3"
                      stroke="#ffb020"
                      strokeWidth="3"
                      strokeLinecap="round"
                    />
                    <circle cx="16" cy="18" r="3" fill="#fff" opacity="0.6" />
                  </svg>
                )}
              </button>
            );
          })}
        </div>
        <div className="gm-mines-side">
          <div className="gm-stats !grid-cols-2">
            <div>
              <span className="gm-label">{t('games.mines.current', { defaultValue: 'Multiplier' })}</span>
              <b data-testid="mines-multiplier">{formatMultiplier(open || round ? current : 1)}</b>
            </div>
            <div>
              <span className="gm-label">{t('games.mines.next', { defaultValue: 'Next tile' })}</span>
              <b>{formatMultiplier(next)}</b>
            </div>
          </div>
          <div
            className={`gm-result ${round && !open ? (round.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
            role="status"
            data-testid="round-result"
          >
            {round && !open
              ? round.win > 0
                ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(round.win)}`
                : t('games.mines.boom', { defaultValue: 'Boom! The mine took the stake.' })
              : open
                ? t('games.mines.pick', { defaultValue: 'Pick a tile' })
                : ' '}
          </div>
        </div>
      </div>
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} disabled={open} />
        <label className="gm-select">
          <span className="gm-label">{t('games.mines.count', { defaultValue: 'Mines' })}</span>
          <select
            value={mines}
            onChange={(e) => setMines(Number(e.target.value))}
            disabled={open}
            data-testid="mines-count"
          >
            {Array.from({ length: 24 }, (_, i) => i + 1).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
        {open ? (
          <button
            type="button"
            className="gm-action gm-action-alt"
            onClick={cashout}
            disabled={session.busy || (outcome?.revealed.length ?? 0) === 0}
            data-testid="cashout"
            data-primary-action
          >
            {t('games.play.cashout', { defaultValue: 'Cash out' })}{' '}
            {formatAmount((round?.bet ?? 0) * current)}
          </button>
        ) : (
          <button
            type="button"
            className="gm-action"
            onClick={start}
            disabled={session.busy || !isBetValid(bet, limits)}
            data-testid="start"
            data-primary-action
          >
            {t('games.play.start', { defaultValue: 'Start' })}
          </button>
        )}
      </div>
    </div>
  );
}
