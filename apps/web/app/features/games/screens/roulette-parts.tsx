/** The roulette wheel (SVG, spins to the server's pocket) and the betting table with chips for every bet. */
import {
  colorOf,
  insideSpots,
  numberAt,
  OUTSIDE,
  spotKey,
  type TSpotBet,
  WHEEL_ORDER,
} from '../lib/roulette-layout';
import { formatAmount } from '../lib/wire';

const FILL = { red: '#d4213d', black: '#16161d', green: '#0f9d58' } as const;

export function RouletteWheel({
  rotation,
  pocket,
  spinning,
}: {
  rotation: number;
  pocket: number | null;
  spinning: boolean;
}) {
  const slice = 360 / WHEEL_ORDER.length;
  return (
    <div className="gm-wheel-wrap">
      <svg
        viewBox="-110 -110 220 220"
        className="gm-wheel"
        role="img"
        aria-label={pocket === null ? 'Roulette wheel' : `Ball on ${pocket}`}
      >
        <circle r="108" fill="#5b3a16" stroke="#d9a441" strokeWidth="3" />
        <g
          style={{
            transform: `rotate(${rotation}deg)`,
            transition: spinning ? 'transform 4.2s cubic-bezier(0.15, 0.7, 0.2, 1)' : 'none',
          }}
        >
          {WHEEL_ORDER.map((n, i) => {
            const a0 = ((i * slice - slice / 2 - 90) * Math.PI) / 180;
            const a1 = ((i * slice + slice / 2 - 90) * Math.PI) / 180;
            const r = 98;
            const path = `M0 0 L${r * Math.cos(a0)} ${r * Math.sin(a0)} A${r} ${r} 0 0 1 ${r * Math.cos(a1)} ${r * Math.sin(a1)} Z`;
            const am = ((i * slice - 90) * Math.PI) / 180;
            return (
              <g key={n}>
                <path d={path} fill={FILL[colorOf(n)]} stroke="#d9a441" strokeWidth="0.6" />
                <text
                  x={86 * Math.cos(am)}
                  y={86 * Math.sin(am)}
                  fill="#fff"
                  fontSize="8"
                  fontWeight="800"
                  textAnchor="middle"
                  dominantBaseline="central"
                  transform={`rotate(${i * slice} ${86 * Math.cos(am)} ${86 * Math.sin(am)})`}
                >
                  {n}
                </text>
              </g>
            );
          })}
          <circle r="70" fill="#2a1a0a" stroke="#d9a441" strokeWidth="1.5" />
          <circle r="62" fill="url(#gm-wheel-cone)" />
          {[0, 90, 180, 270].map((deg) => (
            <rect
              key={deg}
              x="-3"
              y="-55"
              width="6"
              height="40"
              rx="3"
              fill="#e8c36a"
              transform={`rotate(${deg})`}
            />
          ))}
          <circle r="12" fill="#e8c36a" />
        </g>
        <defs>
          <radialGradient id="gm-wheel-cone">
            <stop offset="0" stopColor="#8a5a22" />
            <stop offset="1" stopColor="#3b230c" />
          </radialGradient>
        </defs>
        <polygon points="0,-96 -6,-110 6,-110" fill="#fff" stroke="#333" strokeWidth="1" />
        {pocket !== null && !spinning && (
          <circle cx="0" cy="-80" r="4.5" fill="#fff" stroke="#999" strokeWidth="0.8" />
        )}
      </svg>
      {pocket !== null && !spinning && (
        <div className={`gm-pocket gm-pocket-${colorOf(pocket)}`} data-testid="roulette-pocket">
          {pocket}
        </div>
      )}
    </div>
  );
}

export function RouletteTable({
  chips,
  onPlace,
  disabled,
  winning,
}: {
  chips: Map<string, number>;
  onPlace: (bet: TSpotBet) => void;
  disabled?: boolean;
  winning: number | null;
}) {
  const chip = (bet: TSpotBet) => {
    const amount = chips.get(spotKey(bet));
    return amount ? (
      <span className="gm-chip-stack">
        {amount >= 1000 ? `${Math.round(amount / 1000)}k` : amount % 1 ? amount.toFixed(2) : amount}
      </span>
    ) : null;
  };
  const spots = insideSpots();
  return (
    <div className="gm-table-scroll">
      <div className="gm-table" data-testid="roulette-table">
        <button
          type="button"
          className="gm-num gm-zero"
          disabled={disabled}
          onClick={() => onPlace({ type: 'straight', numbers: [0] })}
          data-win={winning === 0}
        >
          0{chip({ type: 'straight', numbers: [0] })}
        </button>
        <div className="gm-grid-numbers">
          {[0, 1, 2].map((row) =>
            Array.from({ length: 12 }, (_, col) => {
              const n = numberAt(row, col);
              return (
                <button
                  key={n}
                  type="button"
                  disabled={disabled}
                  className={`gm-num gm-num-${colorOf(n)}`}
                  data-win={winning === n}
                  onClick={() => onPlace({ type: 'straight', numbers: [n] })}
                  aria-label={`${n} ${colorOf(n)}`}
                  data-testid={`num-${n}`}
                >
                  {n}
                  {chip({ type: 'straight', numbers: [n] })}
                </button>
              );
            }),
          )}
          <div className="gm-spots">
            {spots
              .filter((s) => s.bet.type !== 'straight')
              .map((s) => (
                <button
                  key={spotKey(s.bet)}
                  type="button"
                  disabled={disabled}
                  className="gm-spot"
                  style={{ ['--x' as string]: s.x, ['--y' as string]: s.y }}
                  onClick={() => onPlace(s.bet)}
                  aria-label={`${s.bet.type.replace('_', ' ')} ${s.bet.numbers?.join(', ')}`}
                >
                  {chip(s.bet)}
                </button>
              ))}
          </div>
        </div>
        <div className="gm-columns">
          {[3, 2, 1].map((index) => (
            <button
              key={index}
              type="button"
              disabled={disabled}
              className="gm-out"
              onClick={() => onPlace({ type: 'column', index })}
            >
              2:1{chip({ type: 'column', index })}
            </button>
          ))}
        </div>
        <div className="gm-dozens">
          {OUTSIDE.slice(0, 3).map((o) => (
            <button
              key={o.label}
              type="button"
              disabled={disabled}
              className="gm-out"
              onClick={() => onPlace(o.bet)}
            >
              {o.label}
              {chip(o.bet)}
            </button>
          ))}
        </div>
        <div className="gm-evens">
          {OUTSIDE.slice(3).map((o) => (
            <button
              key={o.label}
              type="button"
              disabled={disabled}
              className={`gm-out ${o.bet.type === 'red' ? 'gm-out-red' : o.bet.type === 'black' ? 'gm-out-black' : ''}`}
              onClick={() => onPlace(o.bet)}
              data-testid={`bet-${o.bet.type}`}
            >
              {o.bet.type === 'red' || o.bet.type === 'black' ? (
                <span className="gm-diamond" role="img" aria-label={o.label} />
              ) : (
                o.label
              )}
              {chip(o.bet)}
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}

export const CHIP_VALUES = [0.1, 0.5, 1, 5, 25, 100, 500];

export function ChipPicker({
  value,
  onChange,
  min,
  max,
}: {
  value: number;
  onChange: (v: number) => void;
  min: number;
  max: number;
}) {
  const values = CHIP_VALUES.filter((v) => v >= min && v <= max);
  return (
    <div className="gm-chips" role="radiogroup" aria-label="Chip value">
      {values.map((v, i) => (
        // biome-ignore lint/a11y/useSemanticElements: chips are buttons styled as casino chips
        <button
          key={v}
          type="button"
          role="radio"
          aria-checked={value === v}
          className={`gm-chip-btn gm-chip-c${i % 7}`}
          onClick={() => onChange(v)}
          data-testid={`chip-${v}`}
        >
          {v < 1 ? v.toFixed(2).replace(/^0/, '') : v >= 1000 ? `${v / 1000}k` : v}
        </button>
      ))}
    </div>
  );
}

export const totalOf = (chips: Map<string, number>) => [...chips.values()].reduce((a, b) => a + b, 0);
export const betsOf = (chips: Map<string, number>, spots: Map<string, TSpotBet>) =>
  [...chips.entries()].map(([key, amount]) => ({ ...spots.get(key), amount: amount.toFixed(2) }));

export const totalText = (chips: Map<string, number>) => formatAmount(totalOf(chips));
