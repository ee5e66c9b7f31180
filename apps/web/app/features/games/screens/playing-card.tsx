/** A playing card drawn in CSS and SVG (face up or down), dealt with a flip. */
export type TCardView = {
  index: number;
  rank: string;
  suit: 'spades' | 'hearts' | 'diamonds' | 'clubs';
  label: string;
};

const PIP = { spades: '♠', hearts: '♥', diamonds: '♦', clubs: '♣' } as const;

export function PlayingCard({
  card,
  hidden = false,
  small = false,
}: {
  card?: TCardView | null;
  hidden?: boolean;
  small?: boolean;
}) {
  if (hidden || !card)
    return (
      <div
        className={`gm-card gm-card-back ${small ? 'gm-card-sm' : ''}`}
        aria-label="Face-down card"
        role="img"
      >
        <span />
      </div>
    );
  const red = card.suit === 'hearts' || card.suit === 'diamonds';
  return (
    <div
      className={`gm-card ${red ? 'gm-card-red' : ''} ${small ? 'gm-card-sm' : ''}`}
      role="img"
      aria-label={card.label}
      data-card={card.label}
    >
      <span className="gm-card-corner">
        {card.rank}
        <br />
        {PIP[card.suit]}
      </span>
      <span className="gm-card-pip">{PIP[card.suit]}</span>
      <span className="gm-card-corner gm-card-corner-end">
        {card.rank}
        <br />
        {PIP[card.suit]}
      </span>
    </div>
  );
}
