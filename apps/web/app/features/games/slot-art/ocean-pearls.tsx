/** Ocean Pearls' symbols: a coral reef; the letters are coral pink on sea-glass bubbles. */
import { INK, Letter, OUTLINE } from './parts';
import type { TSlotArt } from './types';

const Pearl = () => (
  <>
    <circle cx="32" cy="32" r="24" fill="#eef1ff" {...OUTLINE} strokeWidth={2.5} />
    <path d="M14 40c6 10 22 14 34 4" fill="none" stroke="#c9b8ff" strokeWidth="4" strokeLinecap="round" />
    <path d="M40 14c6 3 10 9 10 16" fill="none" stroke="#ffd0ec" strokeWidth="3" strokeLinecap="round" />
    <ellipse cx="24" cy="22" rx="6" ry="4" fill="#fff" transform="rotate(-30 24 22)" />
  </>
);

/** An open oyster: the ridged lid raised, a pearl on the lower shell. */
const Oyster = () => (
  <>
    <path d="M6 30C8 14 20 6 32 6s24 8 26 24z" fill="#b48ad6" {...OUTLINE} />
    <path d="M32 30V8M20 30l-6-18M44 30l6-18M26 30l-4-21M38 30l4-21" stroke="#7a4fa3" strokeWidth="1.8" />
    <path d="M6 34h52c-2 14-12 22-26 22S8 48 6 34z" fill="#9a6cc2" {...OUTLINE} />
    <ellipse cx="32" cy="36" rx="20" ry="4" fill="#ffc4dc" {...OUTLINE} strokeWidth={1.5} />
    <circle cx="32" cy="36" r="6" fill="#f5f7ff" {...OUTLINE} />
    <circle cx="30" cy="34" r="1.8" fill="#fff" />
  </>
);

/** A mermaid: flowing hair, a shell top and the forked tail curling up. */
const Mermaid = () => (
  <>
    <path
      d="M23 14c0-12 18-12 18 0 0 8 5 14 3 22-4-2-7-6-8-10h-8c-1 4-4 8-8 10-2-8 3-14 3-22z"
      fill="#e34242"
      {...OUTLINE}
    />
    <path
      d="M26 34c-2 8 0 14 6 18 4 3 6 6 4 9l-6-2-6 4c-1-5 2-7 5-9-8-4-10-12-7-20z"
      fill="#1fb6a6"
      {...OUTLINE}
    />
    <path d="M36 60l8-6-2 8 8-3" fill="#1fb6a6" {...OUTLINE} />
    <path d="M24 22c0-4 3-6 8-6s8 2 8 6v14H24z" fill="#f6c7a4" {...OUTLINE} />
    <circle cx="28" cy="27" r="3" fill="#ff7ab6" {...OUTLINE} strokeWidth={1.5} />
    <circle cx="36" cy="27" r="3" fill="#ff7ab6" {...OUTLINE} strokeWidth={1.5} />
    <circle cx="32" cy="13" r="7" fill="#f6c7a4" {...OUTLINE} />
    <path d="M25 12c1-6 13-7 14 0-4-2-10-2-14 0z" fill="#e34242" {...OUTLINE} strokeWidth={1.5} />
    <circle cx="29.5" cy="14" r="1.2" fill={INK} />
    <circle cx="34.5" cy="14" r="1.2" fill={INK} />
  </>
);

/** A sea turtle from above: a domed shell of plates, four flippers and the head. */
const SeaTurtle = () => (
  <>
    <path d="M32 6c-5 0-7 4-7 8h14c0-4-2-8-7-8z" fill="#8ccf6a" {...OUTLINE} />
    <path
      d="M16 22l-10-6 2 12zM48 22l10-6-2 12zM18 46l-8 10 12-4zM46 46l8 10-12-4z"
      fill="#8ccf6a"
      {...OUTLINE}
    />
    <ellipse cx="32" cy="34" rx="18" ry="22" fill="#3f8f46" {...OUTLINE} />
    <path d="M32 22l7 5v9l-7 5-7-5v-9z" fill="#6bbf5c" {...OUTLINE} strokeWidth={1.5} />
    <path d="M25 27l-9-3M39 27l9-3M25 36l-10 4M39 36l10 4M32 41v13M32 22V12" stroke={INK} strokeWidth="1.5" />
    <circle cx="29" cy="10" r="1.2" fill={INK} />
    <circle cx="35" cy="10" r="1.2" fill={INK} />
  </>
);

const Seahorse = () => (
  <>
    <path
      d="M30 6c8 0 12 6 10 12l10 2-10 6c4 6 4 14-2 20-4 4-4 9 0 11 3 2 6 0 5-3-1-2-4-2-4 0-6-2-6-9-2-13 4-5 2-10-3-12-5 5-12 3-14-3-2-8 4-20 10-20z"
      fill="#ffb020"
      {...OUTLINE}
    />
    <path d="M20 16l-6-4M20 24l-7 1M22 32l-6 4" stroke="#ff7a1a" strokeWidth="3" strokeLinecap="round" />
    <circle cx="32" cy="12" r="2" fill={INK} />
    <path d="M30 28c3 2 6 2 8 0M30 34c3 2 6 2 8 0" stroke="#d97706" strokeWidth="1.8" fill="none" />
  </>
);

const Starfish = () => (
  <>
    <path
      d="M32 4c3 0 4 10 6 16 7 0 20-1 21 2 1 3-10 9-15 13 2 6 8 17 5 19-3 2-11-7-17-11-6 4-14 13-17 11-3-2 3-13 5-19C15 31 4 25 5 22c1-3 14-2 21-2 2-6 3-16 6-16z"
      fill="#ff7a45"
      {...OUTLINE}
      strokeWidth={2.5}
    />
    {[
      [32, 14],
      [32, 22],
      [46, 25],
      [18, 25],
      [40, 43],
      [24, 43],
      [32, 32],
    ].map(([x, y]) => (
      <circle key={`${x}-${y}`} cx={x} cy={y} r="2" fill="#ffd0b8" />
    ))}
  </>
);

/** A sea-glass bubble with a sprig of coral, the letter in coral pink. */
const coral = (text: string) => () => (
  <>
    <circle cx="32" cy="30" r="24" fill="#1d6fa3" {...OUTLINE} />
    <path d="M14 20c3-6 9-10 16-11" stroke="#9fe3ff" strokeWidth="3" strokeLinecap="round" fill="none" />
    <path
      d="M50 58c0-8 0-12 4-16M54 48l5-4M50 52l-5-5"
      stroke="#ff6b8a"
      strokeWidth="3.5"
      strokeLinecap="round"
      fill="none"
    />
    <Letter text={text} fill="#ff8fa8" />
  </>
);

export const art: TSlotArt = {
  W: Pearl,
  S: Oyster,
  MR: Mermaid,
  TU: SeaTurtle,
  SE: Seahorse,
  SH: Starfish,
  A: coral('A'),
  K: coral('K'),
  Q: coral('Q'),
  J: coral('J'),
};
