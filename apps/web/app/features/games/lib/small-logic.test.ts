import { diceMultiplier, minesMultiplier as engineMines, toDecimal } from '@casino/games';
import { beforeEach, describe, expect, it } from 'vitest';
import { toggledLikes } from '../hooks/use-favourite';
import { diceChance, dicePayout } from './dice';
import { isFullscreenToggleVisible } from './game-kinds';
import { hiloWinningRanks, minesMultiplier } from './multi-step';
import { parsePlayPath } from './play-path';
import { clearRecent, pushRecent, RECENT_LIMIT, readRecent } from './recent-searches';
import { formatAmount, formatMultiplier, wireInt, wireRatio } from './wire';

describe('the screens preview the engines’ figures', () => {
  it('dice payout and chance match the engine', () => {
    for (const [target, over] of [
      [5000, true],
      [1000, false],
      [9900, true],
      [10, false],
    ] as const) {
      expect(dicePayout(target, over)).toBeCloseTo(Number(toDecimal(diceMultiplier(target, over), 4)), 4);
    }
    expect(diceChance(5000, true)).toBeCloseTo(49.995, 3);
  });

  it('mines multipliers match the engine', () => {
    for (const [m, k] of [
      [3, 1],
      [3, 5],
      [10, 3],
      [24, 1],
    ] as const)
      expect(minesMultiplier(m, k)).toBeCloseTo(Number(toDecimal(engineMines(m, k), 6)), 5);
  });

  it('hi-lo counts the ranks that win each guess', () => {
    expect(hiloWinningRanks(1, 'higher')).toBe(12);
    expect(hiloWinningRanks(13, 'lower')).toBe(12);
    expect(hiloWinningRanks(7, 'higher_or_same')).toBe(7);
    expect(hiloWinningRanks(7, 'same')).toBe(1);
  });
});

describe('play path, full-screen option, favourites, wire values', () => {
  it('reads /platform/game/{sysname or custom/x}/{mode} with play by default', () => {
    expect(parsePlayPath('sparkrush_dice_duel')).toEqual({
      sysname: 'sparkrush_dice_duel',
      mode: 'play',
      custom: false,
    });
    expect(parsePlayPath('custom/my_game/demo')).toEqual({ sysname: 'my_game', mode: 'demo', custom: true });
    expect(parsePlayPath('x/real')?.mode).toBe('real');
    expect(parsePlayPath('x/fun')).toBeNull();
    expect(parsePlayPath('x/play/extra')).toBeNull();
    expect(parsePlayPath('custom')).toBeNull();
    expect(parsePlayPath('../etc/play')).toBeNull();
  });

  it('shows the full-screen toggle per the §4 options', () => {
    expect(isFullscreenToggleVisible('all', false)).toBe(true);
    expect(isFullscreenToggleVisible('none', true)).toBe(false);
    expect(isFullscreenToggleVisible('telegram', true)).toBe(true);
    expect(isFullscreenToggleVisible('telegram', false)).toBe(false);
    expect(isFullscreenToggleVisible('product', false)).toBe(true);
    expect(isFullscreenToggleVisible('product', true)).toBe(false);
  });

  it('toggles a favourite optimistically, newest first, once', () => {
    expect(toggledLikes({ sysnames: ['a'] }, 'b', true)).toEqual({ sysnames: ['b', 'a'] });
    expect(toggledLikes({ sysnames: ['b', 'a'] }, 'b', true)).toEqual({ sysnames: ['b', 'a'] });
    expect(toggledLikes({ sysnames: ['b', 'a'] }, 'b', false)).toEqual({ sysnames: ['a'] });
    expect(toggledLikes(undefined, 'x', true)).toEqual({ sysnames: ['x'] });
  });

  it('reads bigints and ratios in every wire form and formats money the §9 way', () => {
    expect(wireInt({ $bigint: '150' })).toBe(150);
    expect(wireInt('42')).toBe(42);
    expect(wireRatio({ num: { $bigint: '99' }, den: { $bigint: '50' } })).toBe(1.98);
    expect(wireRatio(1.9801)).toBe(1.9801);
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect(formatMultiplier(1024)).toBe('1,024.00×');
  });
});

describe('recent searches', () => {
  beforeEach(() => clearRecent());

  it('keeps the newest first, unique without regard to case, at most 6, skipping one-letter searches', () => {
    pushRecent('dice');
    pushRecent('roulette');
    pushRecent('DICE');
    pushRecent('x');
    expect(readRecent()).toEqual(['DICE', 'roulette']);
    for (let i = 0; i < 10; i++) pushRecent(`game ${i}`);
    expect(readRecent()).toHaveLength(RECENT_LIMIT);
    expect(readRecent()[0]).toBe('game 9');
  });
});

describe('the blackjack felt', () => {
  it('prints the payout and the soft-17 rule from the engine’s rules', async () => {
    const { blackjackRules } = await import('@casino/games');
    const { feltText } = await import('../screens/blackjack-screen');
    const text = feltText(blackjackRules().rules);
    expect(text).toMatch(/^BLACKJACK PAYS \d TO \d · DEALER (STANDS ON|HITS) SOFT 17$/);
    expect(feltText(['Blackjack pays 3:2.', 'The dealer stands on all 17s, soft 17 included.'])).toBe(
      'BLACKJACK PAYS 3 TO 2 · DEALER STANDS ON SOFT 17',
    );
  });
});
