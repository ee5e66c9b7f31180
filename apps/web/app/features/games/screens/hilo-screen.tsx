/** Hi-lo: the current card, guesses with their payout, a chain of right guesses and the cash-out. */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import type { TPlayResult } from '../hooks/use-game-session';
import { hiloWinningRanks } from '../lib/multi-step';
import { formatAmount, formatMultiplier, wireRatio } from '../lib/wire';
import { PlayingCard, type TCardView } from './playing-card';
import type { TScreenProps } from './screen-props';

type THiloOutcome = {
  cards: TCardView[];
  current: TCardView;
  guesses: number;
  multiplier: unknown;
  lost: boolean;
};
const RANK = (card: TCardView) => (card.index % 13) + 1;

const GUESSES = [
  { guess: 'higher', label: 'Higher', icon: '▲' },
  { guess: 'higher_or_same', label: 'Higher or same', icon: '▲=' },
  { guess: 'same', label: 'Same', icon: '=' },
  { guess: 'lower_or_same', label: 'Lower or same', icon: '▼=' },
  { guess: 'lower', label: 'Lower', icon: '▼' },
] as const;

export default function HiloScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [round, setRound] = useState<TPlayResult | null>(null);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const outcome = round?.outcome as THiloOutcome | undefined;
  const open = round?.status === 'open';
  const rank = outcome ? RANK(outcome.current) : 7;
  const multiplier = outcome ? wireRatio(outcome.multiplier) : 0.99;

  const settle = (answer: TPlayResult | null) => {
    if (!answer) return;
    setRound(answer);
    if (answer.status === 'finished') session.reveal(answer);
  };
  const act = async (params: Record<string, unknown>) =>
    round && settle(await session.play({ roundId: round.round_id, params }));

  return (
    <div className="gm-hilo" data-testid="hilo-screen">
      <div className="gm-hilo-table">
        <div className="gm-hilo-current">
          <PlayingCard card={outcome?.current} hidden={!outcome} />
        </div>
        <div className="gm-hilo-trail">
          {(outcome?.cards ?? []).slice(0, -1).map((card, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: an endless deck repeats cards
            <PlayingCard key={i} card={card} small />
          ))}
        </div>
        <div
          className={`gm-result ${round && !open ? (round.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
          role="status"
          data-testid="round-result"
        >
          {round && !open
            ? round.win > 0
              ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(round.win)}`
              : t('games.hilo.lost', { defaultValue: 'Wrong guess' })
            : open
              ? `${formatMultiplier(outcome?.guesses ? multiplier : 1)} · ${t('games.hilo.guesses', { defaultValue: '{count} right', count: outcome?.guesses ?? 0 })}`
              : ' '}
        </div>
      </div>
      {open && (
        <div className="gm-hilo-guesses">
          {GUESSES.map((g) => {
            const winning = hiloWinningRanks(rank, g.guess);
            const allowed = winning > 0 && winning < 13;
            if (!allowed) return null;
            return (
              <button
                key={g.guess}
                type="button"
                className="gm-guess"
                disabled={session.busy}
                onClick={() => act({ type: 'guess', guess: g.guess })}
                data-testid={`guess-${g.guess}`}
              >
                <span className="text-lg">{g.icon}</span>
                <span>{t(`games.hilo.${g.guess}`, { defaultValue: g.label })}</span>
                <span className="text-xs opacity-70">
                  {((winning / 13) * 100).toFixed(1)}% · {formatMultiplier(multiplier * (13 / winning))}
                </span>
              </button>
            );
          })}
          <button
            type="button"
            className="gm-guess gm-guess-skip"
            disabled={session.busy}
            onClick={() => act({ type: 'skip' })}
          >
            <span className="text-lg">↻</span>
            <span>{t('games.hilo.skip', { defaultValue: 'Skip' })}</span>
          </button>
        </div>
      )}
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} disabled={open} />
        {open ? (
          <button
            type="button"
            className="gm-action gm-action-alt"
            onClick={() => act({ type: 'cashout' })}
            disabled={session.busy || !outcome?.guesses}
            data-testid="cashout"
            data-primary-action
          >
            {t('games.play.cashout', { defaultValue: 'Cash out' })}{' '}
            {formatAmount((round?.bet ?? 0) * multiplier)}
          </button>
        ) : (
          <button
            type="button"
            className="gm-action"
            onClick={async () => settle(await session.play({ bet: betText(bet), params: {} }))}
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
