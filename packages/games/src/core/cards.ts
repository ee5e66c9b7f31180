/** Playing cards as numbers 0…51: rank = card mod 13 (0 = ace … 12 = king), suit = floor(card / 13). */
export const SUITS = ['spades', 'hearts', 'diamonds', 'clubs'] as const;
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export type TCard = {
  index: number;
  rank: (typeof RANKS)[number];
  suit: (typeof SUITS)[number];
  label: string;
};

export const cardOf = (index: number): TCard => {
  const rank = RANKS[index % 13]!;
  const suit = SUITS[Math.floor(index / 13) % 4]!;
  return {
    index,
    rank,
    suit,
    label: `${rank}${{ spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' }[suit]}`,
  };
};

/** A card from one float: floor(float × 52). */
export const cardFromFloat = (float: number): number => Math.floor(float * 52);

/** Rank value 1 (ace) … 13 (king). */
export const rankValue = (card: number): number => (card % 13) + 1;
