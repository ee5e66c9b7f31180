/** Wild West Gold's symbols: the frontier in leather, brass and gold; the letters are on wanted posters. */
import { INK, Letter, OUTLINE } from './parts';
import type { TSlotArt } from './types';

const BRASS = '#ffc928';

/** The six-pointed sheriff's star with ball tips. */
const SheriffBadge = () => {
  const tips = [0, 60, 120, 180, 240, 300].map((a) => {
    const r = (a - 90) * (Math.PI / 180);
    return [32 + 24 * Math.cos(r), 32 + 24 * Math.sin(r)] as const;
  });
  return (
    <>
      <path d="M32 8l6 13h14l-7 11 7 11H38l-6 13-6-13H12l7-11-7-11h14z" fill={BRASS} {...OUTLINE} />
      {tips.map(([x, y]) => (
        <circle key={`${x}-${y}`} cx={x} cy={y} r="4" fill={BRASS} {...OUTLINE} />
      ))}
      <circle cx="32" cy="32" r="9" fill="#e59e12" {...OUTLINE} />
      <path d="M32 27l1.6 3.4 3.6.3-2.7 2.4.8 3.6L32 35l-3.3 1.7.8-3.6-2.7-2.4 3.6-.3z" fill="#fff3b0" />
    </>
  );
};

const GoldNugget = () => (
  <>
    <path
      d="M8 40l6-16 14-8 16 2 12 12 2 14-10 10-22 2-14-6z"
      fill="#f2b52b"
      {...OUTLINE}
      strokeWidth={2.5}
    />
    <path
      d="M14 24l14 10 16-16M28 34l-6 22M28 34l22 6M44 18l6 22"
      stroke="#c98a0c"
      strokeWidth="1.8"
      fill="none"
    />
    <path d="M18 26l8-6 8-1" stroke="#fff3b0" strokeWidth="3" strokeLinecap="round" fill="none" />
    <path d="M48 12l2-5 2 5 5 2-5 2-2 5-2-5-5-2z" fill="#fff" />
  </>
);

/** The sheriff: a wide-brimmed hat, moustache and a star on the vest. */
const Sheriff = () => (
  <>
    <path d="M14 64c0-12 8-18 18-18s18 6 18 18z" fill="#8a5a2b" {...OUTLINE} />
    <path d="M34 54l2 3h3l-2 2 1 3-3-2-3 2 1-3-2-2h3z" fill={BRASS} />
    <circle cx="32" cy="32" r="12" fill="#f0b98a" {...OUTLINE} />
    <path
      d="M24 38c3-3 6-3 8-1 2-2 5-2 8 1-3 2-5 2-8 0-3 2-5 2-8 0z"
      fill="#5b3a1a"
      {...OUTLINE}
      strokeWidth={1.2}
    />
    <circle cx="27" cy="30" r="1.5" fill={INK} />
    <circle cx="37" cy="30" r="1.5" fill={INK} />
    <path d="M4 22c6 4 50 4 56 0-2 6-10 6-28 6S6 28 4 22z" fill="#a86a2c" {...OUTLINE} />
    <path d="M18 22c0-10 4-16 14-16s14 6 14 16z" fill="#c17f38" {...OUTLINE} />
    <path d="M18 18h28" stroke="#5b3a1a" strokeWidth="3" />
  </>
);

/** A horse's head in profile, mane flying. */
const Horse = () => (
  <>
    <path d="M40 12c8 4 14 16 14 32l-4 16h-4c0-20-2-34-6-48z" fill="#3b2314" {...OUTLINE} />
    <path
      d="M48 60c0-20-2-38-8-48l2-8-7 5c-7 1-13 5-17 11L8 36c-2 4 0 9 5 10h7c4 0 7-2 10-4 0 8-2 13-4 18z"
      fill="#a8652f"
      {...OUTLINE}
    />
    <path d="M40 12l-4-6" stroke={INK} strokeWidth="2" />
    <circle cx="28" cy="21" r="2.2" fill={INK} />
    <ellipse cx="12" cy="40" rx="1.8" ry="1.2" fill={INK} />
    <path d="M22 18l-8 18M30 42l-4-14-12 8" fill="none" stroke="#5b2f14" strokeWidth="2" />
    <path d="M20 20c3-4 7-7 12-8" stroke="#d9a06a" strokeWidth="2.5" strokeLinecap="round" fill="none" />
  </>
);

const Revolver = () => (
  <>
    <path d="M4 18h36v8H4z" fill="#9aa3b3" {...OUTLINE} />
    <rect x="30" y="16" width="18" height="16" rx="4" fill="#6f7787" {...OUTLINE} />
    <path d="M34 20v8M39 20v8M44 20v8" stroke={INK} strokeWidth="1.5" />
    <path d="M46 16l6-4 4 4" fill="#6f7787" {...OUTLINE} />
    <path d="M44 32h10l6 22-12 2-6-16z" fill="#8a5a2b" {...OUTLINE} />
    <path d="M34 32c0 6 4 8 8 8" fill="none" stroke={INK} strokeWidth="2.5" />
    <circle cx="51" cy="44" r="1.6" fill={BRASS} />
    <path d="M8 21h20" stroke="#eef3f8" strokeWidth="2" strokeLinecap="round" />
  </>
);

const CowboyBoot = () => (
  <>
    <path d="M20 4h22v30l14 8c4 2 6 6 6 10v4H10l2-10z" fill="#8a4b22" {...OUTLINE} />
    <path d="M20 4h22l-2 8H22z" fill="#5b2f14" {...OUTLINE} />
    <path d="M26 18c4 4 8 4 10 0M26 26c4 4 8 4 10 0" stroke={BRASS} strokeWidth="2" fill="none" />
    <path d="M10 56h12v4H10z" fill="#3b2314" {...OUTLINE} />
    <circle cx="8" cy="50" r="5" fill="none" stroke="#b9c3cf" strokeWidth="2.5" />
    <path d="M13 50h4" stroke="#b9c3cf" strokeWidth="2.5" />
  </>
);

/** A wanted poster nailed up: the letter under a torn header strip. */
const wanted = (text: string) => () => (
  <>
    <path d="M12 6h40l-2 26 2 26H12l2-26z" fill="#f1dca7" {...OUTLINE} strokeWidth={2.5} />
    <path d="M18 13h28" stroke="#7a4a1e" strokeWidth="4" />
    <path d="M20 52h24" stroke="#b08442" strokeWidth="2" />
    <circle cx="32" cy="8" r="2" fill="#6f7787" stroke={INK} strokeWidth="1" />
    <g transform="translate(0 4)">
      <Letter text={text} fill="#8f1d1d" />
    </g>
  </>
);

export const art: TSlotArt = {
  W: SheriffBadge,
  S: GoldNugget,
  SH: Sheriff,
  HO: Horse,
  RE: Revolver,
  BO: CowboyBoot,
  A: wanted('A'),
  K: wanted('K'),
  Q: wanted('Q'),
  J: wanted('J'),
};
