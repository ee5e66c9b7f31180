/** Dragon's Hoard's symbols: a dragon's cave of gold and steel; the letters are runes cut in stone. */
import { INK, Letter, OUTLINE } from './parts';
import type { TSlotArt } from './types';

const DragonEgg = () => (
  <>
    <path
      d="M32 4C20 4 11 22 11 37c0 13 9 22 21 22s21-9 21-22C53 22 44 4 32 4z"
      fill="#36b37e"
      {...OUTLINE}
    />
    {[
      'M18 28c4 4 10 4 14 0 4 4 10 4 14 0',
      'M14 40c5 4 12 4 18 0 6 4 13 4 18 0',
      'M22 17c3 3 7 3 10 0 3 3 7 3 10 0',
    ].map((d) => (
      <path key={d} d={d} fill="none" stroke="#0f5e3c" strokeWidth="2" />
    ))}
    <path d="M20 24c-2 5-3 10-2 16" stroke="#c8ffe2" strokeWidth="3" strokeLinecap="round" fill="none" />
  </>
);

const TreasureChest = () => (
  <>
    <path d="M8 28c0-12 48-12 48 0z" fill="#9b5a22" {...OUTLINE} />
    <circle cx="22" cy="22" r="4" fill="#ffd23f" {...OUTLINE} />
    <circle cx="32" cy="19" r="4" fill="#ffd23f" {...OUTLINE} />
    <circle cx="42" cy="22" r="4" fill="#ffd23f" {...OUTLINE} />
    <rect x="8" y="28" width="48" height="28" rx="2" fill="#b86b2a" {...OUTLINE} />
    <path d="M8 36h48M18 28v28M46 28v28" stroke="#f2b52b" strokeWidth="3" />
    <rect x="27" y="31" width="10" height="12" rx="2" fill="#f2b52b" {...OUTLINE} />
    <circle cx="32" cy="36" r="1.8" fill={INK} />
  </>
);

/** A red dragon's head in profile: horns swept back, a fiery eye, the jaw open. */
const RedDragon = () => (
  <>
    <path d="M40 12l14-8-6 14M30 12l6-10 2 12" fill="#8f1d1d" {...OUTLINE} />
    <path
      d="M8 40c0-16 12-28 28-28 10 0 18 8 18 18v6l6 4-8 4c-2 6-8 10-16 10l-4 8-6-6H14c-4 0-6-6-6-16z"
      fill="#e0362c"
      {...OUTLINE}
    />
    <path d="M30 40l26 0-6 6H32z" fill="#3a0d0d" {...OUTLINE} />
    <path d="M36 40l2 4 2-4M44 40l2 4 2-4" fill="#fff" stroke="none" />
    <path d="M36 22c4-2 9 0 10 4" fill="none" stroke={INK} strokeWidth="2" />
    <circle cx="41" cy="29" r="3" fill="#ffd23f" {...OUTLINE} strokeWidth={1.5} />
    <path d="M12 30c2-6 6-10 12-12" stroke="#ff9b8a" strokeWidth="3" strokeLinecap="round" fill="none" />
  </>
);

/** A knight's great helm: a steel bucket with a visor slit and a red plume. */
const Knight = () => (
  <>
    <path d="M32 12c4-8 16-10 22-6-6 2-10 6-12 10" fill="#d62f3a" {...OUTLINE} />
    <path d="M14 24c0-9 8-14 18-14s18 5 18 14v26l-6 8H20l-6-8z" fill="#b9c3cf" {...OUTLINE} />
    <path d="M14 30h36" stroke={INK} strokeWidth="2" />
    <rect x="16" y="32" width="32" height="5" rx="1.5" fill={INK} />
    <path d="M32 10v48" stroke="#7d8896" strokeWidth="2.5" />
    {[42, 48].map((y) => (
      <g key={y}>
        <circle cx="24" cy={y} r="1.5" fill={INK} />
        <circle cx="40" cy={y} r="1.5" fill={INK} />
      </g>
    ))}
    <path d="M19 22c1-4 4-7 8-8" stroke="#eef3f8" strokeWidth="2.5" strokeLinecap="round" fill="none" />
  </>
);

const Shield = () => (
  <>
    <path
      d="M32 4l24 8v16c0 15-10 25-24 32C18 53 8 43 8 28V12z"
      fill="#2a5fd0"
      {...OUTLINE}
      strokeWidth={2.5}
    />
    <path d="M32 4v56C18 53 8 43 8 28V12z" fill="#f2b52b" {...OUTLINE} />
    <path d="M8 26h48" stroke={INK} strokeWidth="2" />
    <path d="M32 20l5 6-5 6-5-6z" fill="#fff" {...OUTLINE} />
  </>
);

const Crown = () => (
  <>
    <path d="M8 22l12 12 12-22 12 22 12-12-4 28H12z" fill="#ffc928" {...OUTLINE} />
    <rect x="12" y="46" width="40" height="9" rx="2" fill="#f2a81b" {...OUTLINE} />
    <circle cx="8" cy="20" r="3.5" fill="#ffc928" {...OUTLINE} />
    <circle cx="32" cy="10" r="3.5" fill="#ffc928" {...OUTLINE} />
    <circle cx="56" cy="20" r="3.5" fill="#ffc928" {...OUTLINE} />
    <circle cx="22" cy="50.5" r="2.5" fill="#e0142f" />
    <path d="M32 47l3 3.5-3 3.5-3-3.5z" fill="#2a5fd0" />
    <circle cx="42" cy="50.5" r="2.5" fill="#36b37e" />
  </>
);

/** A runestone: a split grey stone with the letter cut in and glowing. */
const runestone = (text: string) => () => (
  <>
    <path d="M14 10l20-6 16 8 6 22-6 22-22 4-16-10-4-20z" fill="#6f7787" {...OUTLINE} strokeWidth={2.5} />
    <path d="M16 14l-2 8M50 16l3 10M44 54l-8 2" stroke="#9aa3b3" strokeWidth="2" strokeLinecap="round" />
    <path d="M30 6l-2 6" stroke={INK} strokeWidth="1.5" />
    <Letter text={text} fill="#7ef0ff" stroke="#0b3b4a" />
  </>
);

export const art: TSlotArt = {
  W: DragonEgg,
  S: TreasureChest,
  DR: RedDragon,
  KN: Knight,
  SH: Shield,
  CR: Crown,
  A: runestone('A'),
  K: runestone('K'),
  Q: runestone('Q'),
  J: runestone('J'),
  TEN: runestone('10'),
};
