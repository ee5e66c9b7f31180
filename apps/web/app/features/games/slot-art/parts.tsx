/** Shared strokes and the card-letter plate the themes build their low symbols on. */

/** A dark ink outline: it keeps every drawing readable at 40 px and on any reel colour. */
export const INK = '#1b1226';
export const OUTLINE = {
  stroke: INK,
  strokeWidth: 2,
  strokeLinejoin: 'round',
  strokeLinecap: 'round',
} as const;

/** A card letter (A, K, Q, J, 10) set on a themed plate. */
export function Letter({ text, fill, stroke = INK }: { text: string; fill: string; stroke?: string }) {
  return (
    <text
      x="32"
      y={text.length > 1 ? 42 : 44}
      textAnchor="middle"
      fontSize={text.length > 1 ? 24 : 30}
      fontWeight="900"
      fontFamily="Georgia, 'Times New Roman', serif"
      fill={fill}
      stroke={stroke}
      strokeWidth="1.5"
      paintOrder="stroke"
    >
      {text}
    </text>
  );
}
