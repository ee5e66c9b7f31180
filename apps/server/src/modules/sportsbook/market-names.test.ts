/** Market and outcome names: the descriptions' first, else the book's own, in the site's words per locale. */
import { afterEach, describe, expect, it } from 'vitest';
import { marketDescriptions } from './market-descriptions.ts';
import { marketName, namingOf, outcomeName } from './market-names.ts';

const TEAMS = [{ name: 'Arsenal' }, { name: 'Chelsea' }];

afterEach(() => marketDescriptions.clear());

describe('market names', () => {
  it("names the book's markets in English, and in the site's words in another locale", () => {
    expect(marketName(1, namingOf(TEAMS, ''))).toBe('1X2');
    expect(marketName(18, namingOf(TEAMS, 'total=2.5', 'en'))).toBe('Total 2.5');
    expect(marketName(1, namingOf(TEAMS, '', 'de'))).toBe('Spielergebnis');
    expect(marketName(18, namingOf(TEAMS, 'total=2.5', 'de'))).toBe('Tore gesamt 2.5');
    expect(marketName(16, namingOf(TEAMS, 'hcp=1.5', 'es'))).toBe('Hándicap +1.5');
    expect(outcomeName(18, '12', namingOf(TEAMS, 'total=2.5', 'fr'))).toBe('Plus de 2.5');
    expect(outcomeName(1, '2', namingOf(TEAMS, '', 'pt'))).toBe('Empate');
    expect(outcomeName(1, '1', namingOf(TEAMS, '', 'de'))).toBe('Arsenal');
    expect(outcomeName(16, '1715', namingOf(TEAMS, 'hcp=1.5', 'de'))).toBe('Chelsea (-1.5)');
    expect(marketName(999, namingOf(TEAMS, '', 'de'))).toBe('Market 999');
  });

  it("takes the descriptions' names first", () => {
    marketDescriptions.set('de', [
      {
        id: 18,
        name: 'Gesamt {total}',
        groups: ['all'],
        outcomes: [{ id: '12', name: 'mehr als {total}' }],
        specifiers: [{ name: 'total', type: 'decimal' }],
      },
    ]);
    expect(marketName(18, namingOf(TEAMS, 'total=2.5', 'de'))).toBe('Gesamt 2.5');
    expect(outcomeName(18, '12', namingOf(TEAMS, 'total=2.5', 'de'))).toBe('mehr als 2.5');
    expect(outcomeName(18, '13', namingOf(TEAMS, 'total=2.5', 'de'))).toBe('Unter 2.5');
  });
});
