/** Plinko: the ball falls through the pegs along the server's path (L/R per row) into its multiplier slot. */
import { PLINKO_PAYTABLE, type TPlinkoRisk } from '@casino/games/logical/plinko';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n-lite';
import { BetInput, betText, isBetValid } from '../components/bet-input';
import { formatAmount } from '../lib/wire';
import type { TScreenProps } from './screen-props';

const STEP_MS = 140;
type TBall = { id: number; path: ('L' | 'R')[]; step: number };

export default function PlinkoScreen({ game, session }: TScreenProps) {
  const { t } = useTranslation();
  const rows = Number(game.engineParams.rows ?? 12);
  const risk = String(game.engineParams.risk ?? 'low') as TPlinkoRisk;
  const pays = PLINKO_PAYTABLE[risk]?.[rows] ?? [];
  const [bet, setBet] = useState(() => Math.max(game.minBet, 1).toFixed(2));
  const [balls, setBalls] = useState<TBall[]>([]);
  const [landed, setLanded] = useState<{ slot: number; win: number } | null>(null);
  const limits = { min: game.minBet, max: game.maxBet, balance: session.balance };
  const W = 400;
  const gap = W / (rows + 2);
  const pegX = (row: number, i: number) => W / 2 + (i - row / 2) * gap;
  const pegY = (row: number) => 30 + row * gap * 0.9;
  const H = pegY(rows) + 34;

  const drop = async () => {
    const answer = await session.play({ bet: betText(bet), params: {} });
    if (!answer) return;
    const outcome = answer.outcome as { path: ('L' | 'R')[]; slot: number };
    const id = Date.now();
    setBalls((b) => [...b, { id, path: outcome.path, step: 0 }]);
    for (let s = 1; s <= outcome.path.length; s++)
      setTimeout(
        () => setBalls((b) => b.map((ball) => (ball.id === id ? { ...ball, step: s } : ball))),
        s * STEP_MS,
      );
    setTimeout(
      () => {
        setBalls((b) => b.filter((ball) => ball.id !== id));
        setLanded({ slot: outcome.slot, win: answer.win });
        session.reveal(answer);
      },
      (outcome.path.length + 1) * STEP_MS,
    );
  };

  const ballPos = (ball: TBall) => {
    const rights = ball.path.slice(0, ball.step).filter((d) => d === 'R').length;
    const x = W / 2 + (rights - ball.step / 2) * gap;
    return { x, y: pegY(ball.step) - gap * 0.45 };
  };
  const slotColor = (m: number) =>
    m >= 1000 ? '#ff3b5c' : m >= 300 ? '#ff7a3d' : m >= 150 ? '#ffb020' : m >= 100 ? '#ffd65a' : '#8fd3ff';

  return (
    <div className="gm-plinko" data-testid="plinko-screen">
      <svg
        viewBox={`0 0 ${W} ${H}`}
        className="gm-plinko-board"
        role="img"
        aria-label={`Plinko, ${rows} rows, ${risk} risk`}
      >
        {Array.from({ length: rows }, (_, row) =>
          Array.from({ length: row + 3 }, (_, i) => (
            <circle
              // biome-ignore lint/suspicious/noArrayIndexKey: pegs are positional
              key={`${row}-${i}`}
              cx={pegX(row + 2, i)}
              cy={pegY(row)}
              r={Math.max(2, gap * 0.09)}
              fill="#dfe4ff"
              opacity="0.85"
            />
          )),
        )}
        {pays.map((m, slot) => {
          const cx = W / 2 + (slot - rows / 2) * gap;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: slots are positional
            <g key={slot} className={landed?.slot === slot ? 'gm-plinko-hit' : ''}>
              <rect
                x={cx - gap * 0.44}
                y={H - 30}
                width={gap * 0.88}
                height={24}
                rx={5}
                fill={slotColor(m)}
              />
              <text
                x={cx}
                y={H - 14}
                textAnchor="middle"
                fontSize={Math.min(11, gap * 0.36)}
                fontWeight="900"
                fill="#1a1200"
              >
                {m / 100 >= 100 ? Math.round(m / 100) : (m / 100).toFixed(m % 100 ? 1 : 0)}
              </text>
            </g>
          );
        })}
        {balls.map((ball) => {
          const p = ballPos(ball);
          return (
            <circle
              key={ball.id}
              cx={p.x}
              cy={p.y}
              r={gap * 0.22}
              fill="#ff4fa3"
              stroke="#fff"
              strokeWidth="1.5"
              style={{ transition: `cx ${STEP_MS}ms ease-in, cy ${STEP_MS}ms ease-in` }}
            />
          );
        })}
      </svg>
      <div
        className={`gm-result ${landed ? (landed.win > 0 ? 'gm-result-win' : 'gm-result-loss') : ''}`}
        role="status"
        data-testid="round-result"
      >
        {landed
          ? `${(pays[landed.slot] ?? 0) / 100}× · ${formatAmount(landed.win)}`
          : `${rows} rows · ${risk} risk`}
      </div>
      <div className="gm-controls">
        <BetInput value={bet} onChange={setBet} limits={limits} />
        <button
          type="button"
          className="gm-action"
          onClick={drop}
          disabled={session.busy || !isBetValid(bet, limits)}
          data-testid="start"
          data-primary-action
        >
          {t('games.plinko.drop', { defaultValue: 'Drop ball' })}
        </button>
      </div>
    </div>
  );
}
