/**
 * The feed simulator's prices: fair probabilities from a small model per sport (goals: Poisson for football and ice
 * hockey; points: a normal margin for basketball; sets: best of three for tennis), given the teams' strengths, the
 * score and the share of the match left; odds = 1 / (p · (1 + margin)) rounded down to 2 decimals. An outcome
 * that is (nearly) decided is shown inactive.
 */

export type TModel = 'goals' | 'points' | 'sets';

export interface TMatchState {
  model: TModel;
  /** Home and away strength (0.5–2). */
  home: number;
  away: number;
  score: { home: number; away: number };
  /** Share of the match left, 1 before kick-off, 0 at the end. */
  left: number;
  /** Goals (or points) per match at equal strength. */
  perMatch: number;
  /** The home side's handicap line (handicapLine of the match's strengths before any price drift). */
  hcp: number;
}

export interface TSimOutcome {
  id: string;
  odds: number;
  active: boolean;
}
export interface TSimMarket {
  id: number;
  specifiers: string;
  status: 1 | -1 | 0;
  outcomes: TSimOutcome[];
}

const poisson = (lambda: number, max = 15) => {
  const out: number[] = [];
  let p = Math.exp(-lambda);
  for (let k = 0; k <= max; k++) {
    out.push(p);
    p = (p * lambda) / (k + 1);
  }
  return out;
};

const normalCdf = (x: number) => {
  // Abramowitz–Stegun 7.1.26 on erf.
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) *
      t *
      Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
};

export const priced = (p: number, marginPercent: number): TSimOutcome & { p: number } => {
  const active = p > 0.004 && p < 0.996;
  const raw = 1 / (Math.max(p, 0.004) * (1 + marginPercent / 100));
  const odds = Math.min(250, Math.max(1.01, Math.floor(raw * 100) / 100));
  return { id: '', odds, active, p };
};

const outcome = (id: string, p: number, margin: number): TSimOutcome => {
  const { odds, active } = priced(p, margin);
  return { id, odds, active };
};

/** Goals a whole match brings each side at these strengths, home advantage included (the prices' Poisson rates). */
const goalRates = (s: Pick<TMatchState, 'home' | 'away' | 'perMatch'>) => {
  const ratio = Math.sqrt(s.home / s.away);
  return { home: (s.perMatch / 2) * ratio * 1.08, away: (s.perMatch / 2 / ratio) * 0.92 };
};

/** Basketball: the margin (home − away, the home court included) and the total a whole match adds. */
const pointsMargin = (s: Pick<TMatchState, 'home' | 'away'>) => 18 * Math.log(s.home / s.away) + 2.5;
const pointsTotal = (s: Pick<TMatchState, 'home' | 'away' | 'perMatch'>) =>
  s.perMatch * ((s.home + s.away) / 2);

/** Goals: Poisson goals for the rest of the match added to the score. */
const goalMarkets = (s: TMatchState, margin: number, total: number, btts: boolean): TSimMarket[] => {
  const { hcp } = s;
  const rates = goalRates(s);
  const lh = rates.home * s.left;
  const la = rates.away * s.left;
  const ph = poisson(lh);
  const pa = poisson(la);
  let home = 0;
  let draw = 0;
  let away = 0;
  let over = 0;
  let both = 0;
  let covers = 0;
  for (const [x, px] of ph.entries())
    for (const [y, py] of pa.entries()) {
      const p = px * py;
      const h = s.score.home + x;
      const a = s.score.away + y;
      if (h > a) home += p;
      else if (h === a) draw += p;
      else away += p;
      if (h + a > total) over += p;
      if (h > 0 && a > 0) both += p;
      if (h - a + hcp > 0) covers += p;
    }
  const sum = home + draw + away;
  const markets: TSimMarket[] = [
    {
      id: 1,
      specifiers: '',
      status: 1,
      outcomes: [
        outcome('1', home / sum, margin),
        outcome('2', draw / sum, margin),
        outcome('3', away / sum, margin),
      ],
    },
    {
      id: 16,
      specifiers: `hcp=${hcp}`,
      status: 1,
      outcomes: [outcome('1714', covers / sum, margin), outcome('1715', 1 - covers / sum, margin)],
    },
    {
      id: 18,
      specifiers: `total=${total}`,
      status: 1,
      outcomes: [outcome('12', over / sum, margin), outcome('13', 1 - over / sum, margin)],
    },
  ];
  if (btts)
    markets.push({
      id: 29,
      specifiers: '',
      status: 1,
      outcomes: [outcome('74', both / sum, margin), outcome('76', 1 - both / sum, margin)],
    });
  return markets;
};

/** Basketball: the final margin is normal around the current one plus the expected rest. */
const pointsMarkets = (s: TMatchState, margin: number, total: number): TSimMarket[] => {
  const expectedDiff = s.score.home - s.score.away + pointsMargin(s) * s.left;
  const sd = 12 * Math.sqrt(s.left) + 0.5;
  const home = normalCdf(expectedDiff / sd);
  const expectedTotal = s.score.home + s.score.away + pointsTotal(s) * s.left;
  const over = 1 - normalCdf((total - expectedTotal) / (15 * Math.sqrt(s.left) + 0.5));
  const covers = normalCdf((expectedDiff + s.hcp) / sd);
  return [
    {
      id: 219,
      specifiers: '',
      status: 1,
      outcomes: [outcome('4', home, margin), outcome('5', 1 - home, margin)],
    },
    {
      id: 223,
      specifiers: `hcp=${s.hcp}`,
      status: 1,
      outcomes: [outcome('1714', covers, margin), outcome('1715', 1 - covers, margin)],
    },
    {
      id: 225,
      specifiers: `total=${total}`,
      status: 1,
      outcomes: [outcome('12', over, margin), outcome('13', 1 - over, margin)],
    },
  ];
};

/** Tennis, best of three sets: the chance to win from the sets won so far. */
export const setWinChance = (home: number, away: number) => 1 / (1 + Math.exp(-2.2 * Math.log(home / away)));
const matchChance = (p: number, home: number, away: number): number => {
  if (home >= 2) return 1;
  if (away >= 2) return 0;
  return p * matchChance(p, home + 1, away) + (1 - p) * matchChance(p, home, away + 1);
};
const setsMarkets = (s: TMatchState, margin: number): TSimMarket[] => {
  const home = matchChance(setWinChance(s.home, s.away), s.score.home, s.score.away);
  return [
    {
      id: 186,
      specifiers: '',
      status: 1,
      outcomes: [outcome('4', home, margin), outcome('5', 1 - home, margin)],
    },
  ];
};

/**
 * The home side's line of a handicap market (UOF `hcp`: market 16 for goals, 223 for basketball incl. overtime): a
 * half line (never a push) around the margin the teams' strengths expect before kick-off: an expected lead of 0–1
 * goals gives -0.5, of 1–2 gives -1.5, a deficit of 0–1 gives +0.5. The simulator takes it from the strengths
 * without the price drift, so it stays fixed for the match like the total's line and its bets settle on the line
 * they were placed on. Tennis has none (0).
 */
export const handicapLine = (s: Pick<TMatchState, 'model' | 'home' | 'away' | 'perMatch'>) => {
  if (s.model === 'sets') return 0;
  const rates = goalRates(s);
  const expected = s.model === 'points' ? pointsMargin(s) : rates.home - rates.away;
  return -(Math.floor(expected) + 0.5);
};

/**
 * The score after one tick of a live match (`share`: the tick's part of the match): goals at the rates the prices
 * assume (goalRates, the home advantage included), basketball points around the total and margin the prices
 * assume (whole points rounded at random, so none are lost: rounding each tick's 0.2–0.7 points to the nearest left
 * the totals a third under the line, and the total market all but settled by half-time), tennis sets.
 */
export const scoreTick = (s: TMatchState, share: number, random: () => number) => {
  const score = { ...s.score };
  if (s.model === 'goals') {
    const rates = goalRates(s);
    if (random() < rates.home * share) score.home++;
    if (random() < rates.away * share) score.away++;
  } else if (s.model === 'points') {
    const total = pointsTotal(s) * share;
    const margin = pointsMargin(s) * share;
    score.home += Math.floor(Math.max(0, (total + margin) / 2) * (0.5 + random()) + random());
    score.away += Math.floor(Math.max(0, (total - margin) / 2) * (0.5 + random()) + random());
  } else if (random() < 2.5 * share && score.home < 2 && score.away < 2) {
    if (random() < setWinChance(s.home, s.away)) score.home++;
    else score.away++;
  }
  return score;
};

/** The line of a total market for the match (x.5). */
export const totalLine = (s: Pick<TMatchState, 'model' | 'home' | 'away' | 'perMatch'>) =>
  s.model === 'points' ? Math.floor(pointsTotal(s)) + 0.5 : Math.floor(s.perMatch) + 0.5;

export const marketsFor = (s: TMatchState, margin: number, sport: string): TSimMarket[] => {
  if (s.model === 'goals') return goalMarkets(s, margin, totalLine(s), sport === 'football');
  if (s.model === 'points') return pointsMarkets(s, margin, totalLine(s));
  return setsMarkets(s, margin);
};

/** The settlement of every market of a finished match: winning outcome ids per market. */
export const settlementFor = (
  s: Pick<TMatchState, 'model' | 'home' | 'away' | 'perMatch' | 'score' | 'hcp'>,
  sport: string,
): { id: number; specifiers: string; outcomes: { id: string; result: 0 | 1 }[] }[] => {
  const { home, away } = s.score;
  const two = (id: number, a: string, b: string, first: boolean, specifiers = '') => ({
    id,
    specifiers,
    outcomes: [
      { id: a, result: (first ? 1 : 0) as 0 | 1 },
      { id: b, result: (first ? 0 : 1) as 0 | 1 },
    ],
  });
  const total = totalLine(s);
  if (s.model === 'goals') {
    const markets = [
      {
        id: 1,
        specifiers: '',
        outcomes: [
          { id: '1', result: (home > away ? 1 : 0) as 0 | 1 },
          { id: '2', result: (home === away ? 1 : 0) as 0 | 1 },
          { id: '3', result: (home < away ? 1 : 0) as 0 | 1 },
        ],
      },
      two(16, '1714', '1715', home - away + s.hcp > 0, `hcp=${s.hcp}`),
      two(18, '12', '13', home + away > total, `total=${total}`),
    ];
    if (sport === 'football') markets.push(two(29, '74', '76', home > 0 && away > 0));
    return markets;
  }
  if (s.model === 'points')
    return [
      two(219, '4', '5', home > away),
      two(223, '1714', '1715', home - away + s.hcp > 0, `hcp=${s.hcp}`),
      two(225, '12', '13', home + away > total, `total=${total}`),
    ];
  return [two(186, '4', '5', home > away)];
};
