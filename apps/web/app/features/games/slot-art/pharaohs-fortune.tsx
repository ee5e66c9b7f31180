/** Pharaoh's Fortune's symbols: a tomb of gold, lapis and sandstone; hieroglyph cartouches for the letters. */
import { INK, Letter, OUTLINE } from './parts';
import type { TSlotArt } from './types';

const GOLD = '#f2b52b';
const LAPIS = '#2352c4';

/** A lying sphinx in profile: lion body, paws forward, the striped headdress raised at the back. */
const Sphinx = () => (
  <>
    <rect x="4" y="50" width="56" height="8" rx="2" fill="#c98a3c" {...OUTLINE} />
    <path d="M8 50v-6h18l6-12h18c5 0 8 5 8 10v8z" fill={GOLD} {...OUTLINE} />
    <path d="M38 8c-8 0-12 6-12 13v13h24V21c0-7-4-13-12-13z" fill={LAPIS} {...OUTLINE} />
    <path d="M27 16h22M27 22h22M27 28h22" stroke={GOLD} strokeWidth="2.5" />
    <path d="M32 14h12v14c0 4-3 7-6 7s-6-3-6-7z" fill="#f7cf6b" {...OUTLINE} />
    <circle cx="35" cy="21" r="1.5" fill={INK} />
    <circle cx="41" cy="21" r="1.5" fill={INK} />
    <path d="M36 38h-6l-4 8h8" fill="none" stroke={INK} strokeWidth="2" />
  </>
);

const Pyramid = () => (
  <>
    <circle cx="48" cy="13" r="7" fill="#ffd84d" {...OUTLINE} />
    <path d="M32 10L4 54h56z" fill="#e8b45a" {...OUTLINE} />
    <path d="M32 10l6 44h22z" fill="#b9802f" {...OUTLINE} />
    <path d="M16 38h21M11 46h27M22 29h13" stroke="#9b6a26" strokeWidth="1.5" />
    <path d="M2 58h60" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
  </>
);

/** The funeral mask: striped nemes falling to the shoulders, gold face, the plaited beard. */
const PharaohMask = () => (
  <>
    <path d="M32 4C18 4 12 14 11 26L6 56h52l-5-30C52 14 46 4 32 4z" fill={LAPIS} {...OUTLINE} />
    <path d="M9 38h10M8 46h11M10 30h9M45 38h10M45 46h11M45 30h9" stroke={GOLD} strokeWidth="3" />
    <path d="M20 16c0-6 24-6 24 0v18c0 8-5 13-12 13s-12-5-12-13z" fill={GOLD} {...OUTLINE} />
    <path d="M24 25h6M34 25h6" stroke={INK} strokeWidth="2.5" strokeLinecap="round" />
    <path d="M32 28v6h-2" fill="none" stroke={INK} strokeWidth="1.5" />
    <path d="M28 40h8" stroke={INK} strokeWidth="2" strokeLinecap="round" />
    <path d="M29 47h6v9h-6z" fill={GOLD} {...OUTLINE} />
    <path d="M30 6c2 3 2 6 2 9" stroke="#e34242" strokeWidth="3" strokeLinecap="round" />
  </>
);

const Ankh = () => (
  <>
    <path
      d="M32 4c-8 0-12 7-12 13 0 5 3 9 6 12H10v8h18v23h8V37h18v-8H38c3-3 6-7 6-12 0-6-4-13-12-13zm0 7c3 0 5 3 5 6 0 4-3 8-5 10-2-2-5-6-5-10 0-3 2-6 5-6z"
      fill={GOLD}
      fillRule="evenodd"
      {...OUTLINE}
    />
    <path d="M14 33h12M38 33h12" stroke="#fff0b8" strokeWidth="2" strokeLinecap="round" />
  </>
);

const EyeOfHorus = () => (
  <>
    <path d="M8 18c8-6 28-8 46-2" fill="none" stroke={INK} strokeWidth="4" strokeLinecap="round" />
    <path d="M6 30c8-9 32-12 46-2-10 9-34 11-46 2z" fill="#f5f0e1" {...OUTLINE} />
    <circle cx="30" cy="29" r="7" fill="#1f8fd1" {...OUTLINE} />
    <circle cx="30" cy="29" r="3" fill={INK} />
    <path d="M52 28h8" stroke={INK} strokeWidth="4" strokeLinecap="round" />
    <path d="M26 37l-4 16" stroke={INK} strokeWidth="4" strokeLinecap="round" />
    <path
      d="M34 37c2 8 8 14 14 12 4-2 2-8-3-7"
      fill="none"
      stroke={INK}
      strokeWidth="4"
      strokeLinecap="round"
    />
  </>
);

const Scarab = () => (
  <>
    <path
      d="M18 26l-10-6M18 36H6M20 46l-10 8M46 26l10-6M46 36h12M44 46l10 8"
      stroke={INK}
      strokeWidth="3"
      strokeLinecap="round"
    />
    <path d="M24 12c0-4 16-4 16 0v6H24z" fill="#0f7f6f" {...OUTLINE} />
    <ellipse cx="32" cy="36" rx="15" ry="20" fill="#14b39a" {...OUTLINE} />
    <path d="M32 18v38M18 30h28" stroke={INK} strokeWidth="2" />
    <path d="M24 22c-3 3-4 7-4 12" stroke="#b8fff0" strokeWidth="2.5" strokeLinecap="round" fill="none" />
    <circle cx="32" cy="8" r="4" fill={GOLD} {...OUTLINE} />
  </>
);

/** A sandstone cartouche (the oval ring that holds a royal name), the letter written inside. */
const cartouche = (text: string, ink: string) => () => (
  <>
    <rect x="13" y="4" width="38" height="50" rx="19" fill="#e9c98f" {...OUTLINE} strokeWidth={2.5} />
    <rect x="17" y="8" width="30" height="42" rx="15" fill="none" stroke="#b08442" strokeWidth="1.5" />
    <path d="M11 58h42" stroke={INK} strokeWidth="3" strokeLinecap="round" />
    <Letter text={text} fill={ink} />
  </>
);

export const art: TSlotArt = {
  W: Sphinx,
  S: Pyramid,
  PH: PharaohMask,
  AN: Ankh,
  EY: EyeOfHorus,
  SC: Scarab,
  A: cartouche('A', '#c0292b'),
  K: cartouche('K', LAPIS),
  Q: cartouche('Q', '#0f7f6f'),
  J: cartouche('J', '#7a3db8'),
};
