/**
 * The European roulette layout as the site draws it, and the bet every spot of the table stands for
 * (the engine's bet types: straight, split, street, trio, corner, first four, line, column, dozen, even money).
 */
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];
export const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
export const colorOf = (n: number) => (n === 0 ? 'green' : RED.includes(n) ? 'red' : 'black');

export type TSpotBet = { type: string; numbers?: number[]; index?: number };

/** The number in table row r (0 = top: 3, 6 … 36) and column c (0 … 11). */
export const numberAt = (row: number, col: number) => col * 3 + (3 - row);

export const spotKey = (bet: TSpotBet) =>
  `${bet.type}:${bet.numbers ? [...bet.numbers].sort((a, b) => a - b).join('-') : (bet.index ?? '')}`;

/** Inside spots around the number grid: every split, street, corner and line a player can click. */
export const insideSpots = () => {
  const spots: { bet: TSpotBet; x: number; y: number }[] = [];
  for (let col = 0; col < 12; col++) {
    for (let row = 0; row < 3; row++) {
      const n = numberAt(row, col);
      spots.push({ bet: { type: 'straight', numbers: [n] }, x: col + 0.5, y: row + 0.5 });
      if (row < 2)
        spots.push({
          bet: { type: 'split', numbers: [n, numberAt(row + 1, col)] },
          x: col + 0.5,
          y: row + 1,
        });
      if (col < 11)
        spots.push({
          bet: { type: 'split', numbers: [n, numberAt(row, col + 1)] },
          x: col + 1,
          y: row + 0.5,
        });
      if (row < 2 && col < 11)
        spots.push({
          bet: {
            type: 'corner',
            numbers: [n, numberAt(row + 1, col), numberAt(row, col + 1), numberAt(row + 1, col + 1)],
          },
          x: col + 1,
          y: row + 1,
        });
    }
    const street = [col * 3 + 1, col * 3 + 2, col * 3 + 3];
    spots.push({ bet: { type: 'street', numbers: street }, x: col + 0.5, y: 3 });
    if (col < 11)
      spots.push({
        bet: { type: 'line', numbers: [...street, col * 3 + 4, col * 3 + 5, col * 3 + 6] },
        x: col + 1,
        y: 3,
      });
  }
  // Zero's own inside bets along the left edge.
  spots.push({ bet: { type: 'split', numbers: [0, 3] }, x: 0, y: 0.5 });
  spots.push({ bet: { type: 'split', numbers: [0, 2] }, x: 0, y: 1.5 });
  spots.push({ bet: { type: 'split', numbers: [0, 1] }, x: 0, y: 2.5 });
  spots.push({ bet: { type: 'trio', numbers: [0, 2, 3] }, x: 0, y: 1 });
  spots.push({ bet: { type: 'trio', numbers: [0, 1, 2] }, x: 0, y: 2 });
  spots.push({ bet: { type: 'first_four', numbers: [0, 1, 2, 3] }, x: 0, y: 3 });
  return spots;
};

export const OUTSIDE: { bet: TSpotBet; label: string }[] = [
  { bet: { type: 'dozen', index: 1 }, label: '1st 12' },
  { bet: { type: 'dozen', index: 2 }, label: '2nd 12' },
  { bet: { type: 'dozen', index: 3 }, label: '3rd 12' },
  { bet: { type: 'low' }, label: '1–18' },
  { bet: { type: 'even' }, label: 'Even' },
  { bet: { type: 'red' }, label: 'Red' },
  { bet: { type: 'black' }, label: 'Black' },
  { bet: { type: 'odd' }, label: 'Odd' },
  { bet: { type: 'high' }, label: '19–36' },
];

/** The rotation (degrees) that brings `pocket` under the pointer at the top, after `turns` full turns. */
export const wheelRotation = (pocket: number, current: number, turns = 5) => {
  const index = WHEEL_ORDER.indexOf(pocket);
  const slice = 360 / WHEEL_ORDER.length;
  const target = (360 - index * slice) % 360;
  const base = current - (current % 360);
  return base + turns * 360 + target;
};
