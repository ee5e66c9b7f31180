/** Dice: a target slider with over / under, win chance and payout from the engine's formula; the roll slides in. */
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import { diceChance, dicePayout } from '../lib/dice';
import { formatAmount, formatMultiplier } from '../lib/wire';
import type { TScreenProps } from './screen-props';

export default function DiceScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [target, setTarget] = useState(5000);
  const [over, setOver] = useState(true);
  const [roll, setRoll] = useState<{ value: number; won: boolean; win: number } | null>(null);
  const [rolling, setRolling] = useState(false);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const chance = diceChance(target, over);
  const payout = dicePayout(target, over);
  const valid = chance >= 0.1 && chance <= 98;

  const play = async () => {
    if (!isBetValid(bet, limits) || !valid) return;
    setRolling(true);
    const answer = await session.play({ bet: betText(bet), params: { target, over } });
    if (!answer) {
      setRolling(false);
      return;
    }
    const outcome = answer.outcome as { roll: number; won: boolean };
    setRoll({ value: outcome.roll, won: outcome.won, win: answer.win });
    setTimeout(() => {
      setRolling(false);
      session.reveal(answer);
    }, 600);
  };

  return (
    <div className="gm-dice" data-testid="dice-screen">
      <div className="gm-dice-display">
        <div
          className={`gm-dice-roll ${roll ? (roll.won ? 'gm-result-win' : 'gm-dice-lost') : ''}`}
          data-testid="dice-roll"
        >
          {roll ? (roll.value / 100).toFixed(2) : '50.00'}
        </div>
        <div className="gm-result" role="status">
          {roll && !rolling
            ? roll.won
              ? `${t('games.play.win', { defaultValue: 'Win' })} ${formatAmount(roll.win)}`
              : t('games.play.noWin', { defaultValue: 'No win this time' })
            : ' '}
        </div>
      </div>
      <div className="gm-dice-track">
        <div className="gm-dice-bar" style={{ ['--t' as string]: `${target / 100}%` }} data-over={over} />
        {roll && (
          <div
            className={`gm-dice-marker ${roll.won ? 'won' : 'lost'}`}
            style={{
              insetInlineStart: `${roll.value / 100}%`,
              transition: rolling ? 'inset-inline-start 0.6s cubic-bezier(0.2, 0.8, 0.2, 1)' : undefined,
            }}
          >
            {(roll.value / 100).toFixed(2)}
          </div>
        )}
        <input
          type="range"
          min={over ? 200 : 10}
          max={over ? 9990 : 9800}
          step={1}
          value={target}
          onChange={(e) => setTarget(Number(e.target.value))}
          className="gm-dice-range"
          aria-label={t('games.dice.target', { defaultValue: 'Target' })}
          data-testid="dice-target"
        />
        <div className="gm-dice-scale">
          {[0, 25, 50, 75, 100].map((n) => (
            <span key={n}>{n}</span>
          ))}
        </div>
      </div>
      <div className="gm-stats">
        <div>
          <span className="gm-label">{t('games.dice.target', { defaultValue: 'Target' })}</span>
          <b>{(target / 100).toFixed(2)}</b>
        </div>
        <div>
          <span className="gm-label">{t('games.dice.chance', { defaultValue: 'Win chance' })}</span>
          <b>{chance.toFixed(2)}%</b>
        </div>
        <div>
          <span className="gm-label">{t('games.dice.payout', { defaultValue: 'Payout' })}</span>
          <b>{formatMultiplier(payout)}</b>
        </div>
      </div>
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} disabled={rolling} />
        {/* biome-ignore lint/a11y/useSemanticElements: a segmented control, not a form fieldset */}
        <div className="gm-seg" role="group" aria-label="Over or under">
          <button
            type="button"
            aria-pressed={!over}
            onClick={() => {
              setOver(false);
              setTarget((v) => Math.min(Math.max(v, 10), 9800));
            }}
          >
            {t('games.dice.under', { defaultValue: 'Under' })}
          </button>
          <button
            type="button"
            aria-pressed={over}
            onClick={() => {
              setOver(true);
              setTarget((v) => Math.min(Math.max(v, 200), 9990));
            }}
          >
            {t('games.dice.over', { defaultValue: 'Over' })}
          </button>
        </div>
        <button
          type="button"
          className="gm-action"
          onClick={play}
          disabled={rolling || session.busy || !valid || !isBetValid(bet, limits)}
          data-testid="roll"
          data-primary-action
        >
          {t('games.dice.roll', { defaultValue: 'Roll' })}
        </button>
      </div>
    </div>
  );
}
