/** Slot symbols drawn in SVG: card letters, fruit, bells and sevens, and themed gems with a glyph for the rest. */
const PALETTE = [
  '#ff6b6b',
  '#ffb020',
  '#5ad1ff',
  '#8b7bff',
  '#2fd39a',
  '#ff7ad9',
  '#ffd84d',
  '#7ee0c3',
  '#f0a36b',
];

const GLYPHS: Record<string, string> = {
  cherry:
    'M9 15a3.5 3.5 0 1 0 0 .1zM17 16a3.5 3.5 0 1 0 0 .1zM9 11.5C10 7 13 4 17 3M17 12.5C16.5 8 16 5 17 3',
  bell: 'M6 16c1-1 1-3 1-6a5 5 0 0 1 10 0c0 3 0 5 1 6zM5 16h14M10.5 19a1.6 1.6 0 0 0 3 0',
  crown: 'M4 8l4 4 4-7 4 7 4-4-2 10H6z',
  star: 'M12 3l2.6 5.6 6 .7-4.5 4.1 1.2 6L12 16.5 6.7 19.4l1.2-6L3.4 9.3l6-.7z',
  shield: 'M12 3l7 3v5c0 5-3 8-7 10-4-2-7-5-7-10V6z',
  eye: 'M2 12s4-6 10-6 10 6 10 6-4 6-10 6S2 12 2 12zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6z',
  ankh: 'M12 11c-3-2-3-7 0-7s3 5 0 7zM6 11h12M12 11v10',
  gem: 'M6 4h12l4 5-10 12L2 9zM2 9h20M9 4l3 17 3-17',
  drop: 'M12 3c4 5 6 8 6 11a6 6 0 0 1-12 0c0-3 2-6 6-11z',
  horse: 'M7 20l1-7-3-2 4-6 5 1 4 3-1 3-3-1-1 9',
  boot: 'M8 3h6v9l5 2c1 .5 1 3 0 4H6z',
  fish: 'M3 12c4-5 10-5 14 0-4 5-10 5-14 0zM17 12l4-3v6z',
  moon: 'M19 14.5A7.5 7.5 0 0 1 9.5 5 7.5 7.5 0 1 0 19 14.5z',
  chest: 'M4 10h16v10H4zM4 10c0-4 16-4 16 0M11 13h2v3h-2z',
  clover:
    'M12 12c-4-1-4-6 0-5 4-1 4 4 0 5zM12 12c1 4 6 4 5 0 1-4-4-4-5 0zM12 12c-1 4-6 4-5 0-1-4 4-4 5 0zM12 12v9',
  pyramid: 'M12 3l10 17H2zM12 3l3 17',
  nugget: 'M5 14l3-6 6-2 5 4-1 6-7 3z',
};

const glyphFor = (name: string): string => {
  const n = name.toLowerCase();
  const pairs: [RegExp, string][] = [
    [/cherr|plum|grape|berry|orange|lemon/, 'cherry'],
    [/bell/, 'bell'],
    [/crown|pharaoh|king/, 'crown'],
    [/star|sheriff badge/, 'star'],
    [/shield|knight|sheriff/, 'shield'],
    [/eye/, 'eye'],
    [/ankh|scarab/, 'ankh'],
    [/pearl|oyster/, 'drop'],
    [/horse/, 'horse'],
    [/boot|revolver/, 'boot'],
    [/turtle|seahorse|mermaid|fish|starfish/, 'fish'],
    [/chest|treasure/, 'chest'],
    [/clover/, 'clover'],
    [/pyramid|sphinx/, 'pyramid'],
    [/nugget|gold/, 'nugget'],
    [/dragon|egg/, 'gem'],
  ];
  return pairs.find(([re]) => re.test(n))?.[1] ?? 'gem';
};

const CARD = /^(A|K|Q|J|TEN|10)$/;

export function SlotSymbol({
  id,
  name,
  kind,
  index,
}: {
  id: string;
  name: string;
  kind: 'regular' | 'wild' | 'scatter';
  index: number;
}) {
  const color =
    kind === 'wild'
      ? '#ffc247'
      : kind === 'scatter'
        ? '#c56bff'
        : (PALETTE[index % PALETTE.length] ?? '#ffb020');
  const gid = `g-${id}-${index}`;
  if (kind === 'regular' && CARD.test(id)) {
    const letter = id === 'TEN' ? '10' : id;
    return (
      <svg viewBox="0 0 64 64" className="gm-symbol" role="img" aria-label={name}>
        <defs>
          <linearGradient id={gid} x1="0" y1="0" x2="0" y2="1">
            <stop offset="0" stopColor="#fff" />
            <stop offset="1" stopColor={color} />
          </linearGradient>
        </defs>
        <text
          x="32"
          y="45"
          textAnchor="middle"
          fontSize={letter.length > 1 ? 30 : 38}
          fontWeight="900"
          fill={`url(#${gid})`}
          stroke="rgb(0 0 0 / 0.45)"
          strokeWidth="1.5"
          fontFamily="Georgia, serif"
        >
          {letter}
        </text>
      </svg>
    );
  }
  if (kind === 'regular' && /seven/i.test(name))
    return (
      <svg viewBox="0 0 64 64" className="gm-symbol" role="img" aria-label={name}>
        <text
          x="32"
          y="49"
          textAnchor="middle"
          fontSize="48"
          fontWeight="900"
          fill="#ff3b47"
          stroke="#ffd84d"
          strokeWidth="2.5"
          fontFamily="Georgia, serif"
        >
          7
        </text>
      </svg>
    );
  if (kind === 'regular' && /bar/i.test(name))
    return (
      <svg viewBox="0 0 64 64" className="gm-symbol" role="img" aria-label={name}>
        {[14, 28, 42].map((y) => (
          <g key={y}>
            <rect
              x="10"
              y={y}
              width="44"
              height="11"
              rx="3"
              fill="#1b1b2f"
              stroke="#ffd84d"
              strokeWidth="1.5"
            />
            <text x="32" y={y + 9} textAnchor="middle" fontSize="9" fontWeight="900" fill="#ffd84d">
              BAR
            </text>
          </g>
        ))}
      </svg>
    );
  const glyph = GLYPHS[glyphFor(name)] ?? GLYPHS.gem;
  return (
    <svg viewBox="0 0 64 64" className="gm-symbol" role="img" aria-label={name}>
      <defs>
        <radialGradient id={gid} cx="0.35" cy="0.3" r="0.8">
          <stop offset="0" stopColor="#fff" stopOpacity="0.9" />
          <stop offset="0.35" stopColor={color} />
          <stop offset="1" stopColor="#12081f" />
        </radialGradient>
      </defs>
      <circle
        cx="32"
        cy="32"
        r="27"
        fill={`url(#${gid})`}
        stroke={kind === 'regular' ? 'rgb(255 255 255 / 0.35)' : '#fff3c4'}
        strokeWidth={kind === 'regular' ? 1.5 : 3}
      />
      <g
        transform="translate(14 12) scale(1.5)"
        fill="none"
        stroke="#fff"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      >
        <path d={glyph} />
      </g>
      {kind !== 'regular' && (
        <g>
          <rect
            x="6"
            y="44"
            width="52"
            height="14"
            rx="7"
            fill={kind === 'wild' ? '#b3261e' : '#4b1d8f'}
            stroke="#fff3c4"
            strokeWidth="1.5"
          />
          <text
            x="32"
            y="54.5"
            textAnchor="middle"
            fontSize="10"
            fontWeight="900"
            fill="#fff"
            letterSpacing="1"
          >
            {kind === 'wild' ? 'WILD' : 'BONUS'}
          </text>
        </g>
      )}
    </svg>
  );
}
