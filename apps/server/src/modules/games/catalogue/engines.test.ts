/** Every catalogue game runs on an engine of @casino/games of its own kind, and shows that engine's RTP. */
import { ENGINES, getEngine, PLINKO_RISKS } from '@casino/games';
import { describe, expect, it } from 'vitest';
import { engineFacts } from '../../../../../../content/games/scripts/sync-engine-facts.ts';
import { CONTENT_DIR } from '../../../app.ts';
import { readCatalogueContent } from './content.ts';

const { games } = readCatalogueContent(CONTENT_DIR);
const played = games.filter((g) => g.type !== 'betting');

describe('catalogue and engines', () => {
  it('maps every game to an engine export of the same kind', () => {
    for (const game of played) {
      const engine = getEngine(game.engine);
      expect(ENGINES).toContain(engine);
      expect(engine.kind, game.sysname).toBe(game.type);
    }
    // the sportsbook is the one game served by its own module, not by a game engine
    expect(games.filter((g) => g.type === 'betting').map((g) => g.sysname)).toEqual(['dgt_sportsbook']);
  });

  it('uses every engine at least once', () => {
    const used = new Set(played.map((g) => g.engine));
    expect(ENGINES.filter((e) => !used.has(e.id)).map((e) => e.id)).toEqual([]);
  });

  it('shows the RTP, volatility and lines the engine computes', () => {
    for (const game of played) {
      const facts = engineFacts(game.engine, game.params);
      expect(facts, game.sysname).not.toBeNull();
      expect(game.rtp, game.sysname).toBe(facts?.rtp);
      if (facts?.volatility) expect(game.volatility, game.sysname).toBe(facts.volatility);
      if (facts?.lines) expect(game.lines, game.sysname).toBe(facts.lines);
      expect(Number(game.rtp)).toBeGreaterThanOrEqual(94);
      expect(Number(game.rtp)).toBeLessThanOrEqual(99.5);
    }
  });

  it('gives plinko variants parameters the engine accepts', () => {
    for (const game of played.filter((g) => g.engine === 'plinko')) {
      expect(PLINKO_RISKS).toContain(game.params.risk);
      expect(game.params.rows).toBeGreaterThanOrEqual(8);
      expect(game.params.rows).toBeLessThanOrEqual(16);
    }
  });
});
