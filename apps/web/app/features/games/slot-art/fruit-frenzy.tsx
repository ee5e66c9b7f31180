/** Fruit Frenzy's symbols: a classic fruit machine, each fruit its own silhouette. */
import { OUTLINE } from './parts';
import type { TSlotArt } from './types';

const Star = () => (
  <>
    <path
      d="M32 5l7.6 16.3 17.8 2-13.2 12.1 3.6 17.6L32 44.3 16.2 53l3.6-17.6L6.6 23.3l17.8-2z"
      fill="#ffc928"
      {...OUTLINE}
    />
    <path d="M32 13l4.6 10 10.6 1.2" fill="none" stroke="#fff6c2" strokeWidth="2.5" strokeLinecap="round" />
  </>
);

const Clover = () => (
  <>
    <path d="M32 36c2 8 6 15 12 21" fill="none" stroke="#2f7d32" strokeWidth="4" strokeLinecap="round" />
    {[0, 90, 180, 270].map((angle) => (
      <path
        key={angle}
        transform={`rotate(${angle} 32 30)`}
        d="M32 30c-3-6-14-8-14-18 0-5 6-8 10-5 2 1.5 3 3 4 5 1-2 2-3.5 4-5 4-3 10 0 10 5 0 10-11 12-14 18z"
        fill="#3ccf5a"
        {...OUTLINE}
      />
    ))}
    <circle cx="32" cy="30" r="3" fill="#e9ffd8" stroke="#1b1226" strokeWidth="1.5" />
  </>
);

const Seven = () => (
  <>
    <path d="M12 9h40v10L33 57H19l17-34H22v5H12z" fill="#ff2f45" {...OUTLINE} strokeWidth={2.5} />
    <path d="M16 13h31" stroke="#ffb3ba" strokeWidth="3" strokeLinecap="round" />
  </>
);

const TripleBar = () => (
  <>
    {[8, 25, 42].map((y) => (
      <g key={y}>
        <rect x="6" y={y} width="52" height="14" rx="3" fill="#14142b" {...OUTLINE} />
        <text
          x="32"
          y={y + 11}
          textAnchor="middle"
          fontSize="11"
          fontWeight="900"
          fontFamily="Arial, sans-serif"
          fill="#ffd84d"
          letterSpacing="2"
        >
          BAR
        </text>
      </g>
    ))}
  </>
);

const Bell = () => (
  <>
    <circle cx="32" cy="9" r="4" fill="#f6b21b" {...OUTLINE} />
    <path
      d="M32 12c-11 0-15 9-15 19 0 8-3 12-7 15v4h44v-4c-4-3-7-7-7-15 0-10-4-19-15-19z"
      fill="#ffc928"
      {...OUTLINE}
    />
    <circle cx="32" cy="54" r="5" fill="#c98a0c" {...OUTLINE} />
    <path d="M24 22c-2 3-2 8-2 12" stroke="#fff3b0" strokeWidth="3" strokeLinecap="round" fill="none" />
  </>
);

const Plum = () => (
  <>
    <path d="M33 14c3-5 7-7 11-7" fill="none" stroke="#5b3a1a" strokeWidth="3" strokeLinecap="round" />
    <path
      d="M32 14c-13 0-21 11-21 23 0 12 9 21 21 21s21-9 21-21c0-12-8-23-21-23z"
      fill="#7b3fc4"
      {...OUTLINE}
    />
    <path d="M32 15c-4 9-4 30 0 42" fill="none" stroke="#4a1f82" strokeWidth="2" />
    <ellipse cx="22" cy="30" rx="4" ry="7" fill="#b98ef0" transform="rotate(20 22 30)" />
  </>
);

const Orange = () => (
  <>
    <circle cx="32" cy="36" r="21" fill="#ff8a1c" {...OUTLINE} />
    {[
      [24, 30],
      [38, 28],
      [30, 42],
      [42, 40],
      [22, 44],
    ].map(([x, y]) => (
      <circle key={`${x}-${y}`} cx={x} cy={y} r="1.3" fill="#d96a00" />
    ))}
    <path d="M32 16c6-8 14-9 18-6-4 6-11 8-18 6z" fill="#3ccf5a" {...OUTLINE} />
    <circle cx="32" cy="16" r="2.5" fill="#5b3a1a" />
    <path d="M18 32c1-5 4-9 8-11" stroke="#ffd2a3" strokeWidth="3" strokeLinecap="round" fill="none" />
  </>
);

const Lemon = () => (
  <>
    <path
      d="M6 34c3-2 4-5 8-9 8-8 24-9 34-2 4 3 5 6 10 7-2 3-3 6-7 10-8 8-25 9-35 2-4-3-6-6-10-8z"
      fill="#ffe53b"
      {...OUTLINE}
    />
    <path d="M16 30c5-6 14-9 23-8" stroke="#fffbd0" strokeWidth="3" strokeLinecap="round" fill="none" />
  </>
);

const Cherry = () => (
  <>
    <path
      d="M20 40C22 26 30 14 44 8M44 42C42 30 42 18 44 8"
      fill="none"
      stroke="#2f7d32"
      strokeWidth="3.5"
      strokeLinecap="round"
    />
    <path d="M44 8c5-3 11-2 14 2-5 4-11 3-14-2z" fill="#3ccf5a" {...OUTLINE} />
    <circle cx="20" cy="46" r="11" fill="#e0142f" {...OUTLINE} />
    <circle cx="44" cy="48" r="11" fill="#e0142f" {...OUTLINE} />
    <circle cx="16" cy="42" r="3" fill="#ff9aa6" />
    <circle cx="40" cy="44" r="3" fill="#ff9aa6" />
  </>
);

export const art: TSlotArt = {
  W: Star,
  S: Clover,
  SEVEN: Seven,
  BAR: TripleBar,
  BELL: Bell,
  PLUM: Plum,
  ORANGE: Orange,
  LEMON: Lemon,
  CHERRY: Cherry,
};
