import { describe, expect, it } from 'vitest';
import { metaText, pageTitle } from './page-title';

const root = (messages: unknown, brand?: string) => [
  { id: 'root', data: { messages, cms: { brand } } },
  { id: 'gamehall', data: null },
];

describe('page titles', () => {
  it('come from the page locale’s messages, with the brand', () => {
    const de = JSON.stringify({ pages: { titles: { gamehall: 'Spielhalle' } } });
    expect(pageTitle(root(de), ['pages.titles.gamehall', 'Game hall'])).toBe('Spielhalle | Casino');
    expect(pageTitle(root({}, 'Lucky'), ['pages.titles.gamehall', 'Game hall'])).toBe('Game hall | Lucky');
  });

  it('fill {name} values', () => {
    const fr = { pages: { titles: { shellDescription: '{title} : jeux' } } };
    expect(
      metaText(root(fr), ['pages.titles.shellDescription', '{title}: games'], { title: 'Promotions' }),
    ).toBe('Promotions : jeux');
  });
});
