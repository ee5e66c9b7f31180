/** Every symbol of every slot in the catalogue has its own drawing and a name in all six locales. */
import { SLOT_DEFINITIONS } from '@casino/games';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import catalogue from '../../../../../../content/games/games.json';
import ar from '../../../../../../content/locales/ar/games.json';
import de from '../../../../../../content/locales/de/games.json';
import en from '../../../../../../content/locales/en/games.json';
import es from '../../../../../../content/locales/es/games.json';
import fr from '../../../../../../content/locales/fr/games.json';
import pt from '../../../../../../content/locales/pt/games.json';
import { SLOT_ART } from './load-slot-art';
import { SlotSymbol } from './slot-symbol';

type TMessages = { symbols?: Record<string, Record<string, string>> };
const LOCALES: Record<string, TMessages> = { en, de, es, fr, pt, ar };

const slotGames = (catalogue as { sysname: string; type: string; engine: string }[]).filter(
  (g) => g.type === 'slot',
);
const definitionOf = (engine: string) => SLOT_DEFINITIONS.find((d) => d.id === engine);

describe('slot symbol art', () => {
  it('knows the engine of every slot game of the catalogue', () => {
    expect(slotGames.length).toBeGreaterThan(0);
    for (const game of slotGames) expect(definitionOf(game.engine), game.sysname).toBeDefined();
  });

  for (const definition of SLOT_DEFINITIONS) {
    it(`draws every symbol of ${definition.id}, each its own picture`, async () => {
      const load = SLOT_ART[definition.id];
      expect(load, definition.id).toBeDefined();
      const art = await (load as NonNullable<typeof load>)();
      const pictures = new Map<string, string>();
      for (const symbol of definition.symbols) {
        expect(art[symbol.id], `${definition.id} ${symbol.id}`).toBeTypeOf('function');
        const { container, unmount } = render(
          <SlotSymbol art={art} id={symbol.id} kind={symbol.kind} label={symbol.name} />,
        );
        const svg = container.querySelector('svg');
        expect(svg?.getAttribute('aria-label')).toBe(symbol.name);
        // More than the wild/scatter frame: real shapes.
        expect(svg?.querySelectorAll('path, circle, ellipse, rect, text').length).toBeGreaterThan(1);
        pictures.set(symbol.id, svg?.innerHTML ?? '');
        unmount();
      }
      // No two symbols share a picture (Orange is not a recoloured Cherry).
      expect(new Set(pictures.values()).size).toBe(definition.symbols.length);
      // Every paytable entry is a symbol with a drawing.
      for (const id of Object.keys(definition.paytable)) expect(art[id], id).toBeDefined();
    });
  }

  for (const [locale, messages] of Object.entries(LOCALES)) {
    it(`names every symbol of every slot in ${locale}`, () => {
      const names = messages.symbols ?? {};
      for (const game of slotGames) {
        const definition = definitionOf(game.engine);
        for (const symbol of definition?.symbols ?? [])
          expect(
            names[game.engine]?.[symbol.id]?.trim(),
            `${locale} ${game.sysname} ${symbol.id}`,
          ).toBeTruthy();
      }
    });
  }
});
