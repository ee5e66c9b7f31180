/** Tile badges are compact on phones: icon-only marks in a row, their words shown from `sm` on; read out in full. */
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCompetitionIndex } from '../lib/game-badges';
import { TileCompetitionBadges } from './competition-badges';

const index: TCompetitionIndex = {
  tournaments: [{ id: 1, title: 'Dice cup', games: ['dice'], providers: [], kinds: [] }],
  jackpots: [{ id: 7, name: 'Mega', amount: 10, currency: 'USD', games: [], kinds: [], excluded: [] }],
};

describe('tile competition badges', () => {
  it('hide their words and sit in a row below sm, with the full meaning for screen readers', () => {
    const { getByTestId } = render(<TileCompetitionBadges index={index} game={{ sysname: 'dice' }} />);
    const box = getByTestId('tile-badges');
    expect(box.className).toMatch(/(^| )flex-row( |$)/);
    expect(box.className).toContain('sm:flex-col');
    for (const kind of ['tournament', 'jackpot']) {
      const pill = box.querySelector(`[data-badge="${kind}"]`) as HTMLElement;
      const word = pill.querySelector('[aria-hidden="true"]:not(svg)') as HTMLElement;
      expect(word.className.split(' ')).toEqual(expect.arrayContaining(['hidden', 'sm:inline']));
      expect(pill.className).toContain('p-1');
      expect(pill.querySelector('.sr-only')?.textContent).toMatch(/Dice cup|Mega/);
    }
  });
});
