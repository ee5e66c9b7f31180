import { describe, expect, it } from 'vitest';
import { isChatBadgeVisible } from './chat-badge';

describe('chat badge rule', () => {
  it('hides the badge on betting and game pages, with or without a language suffix', () => {
    for (const name of [
      'betting',
      'betting-event',
      'game-sysname',
      'game-index-sysname',
      'betting___ar',
      'game-sysname___es',
    ])
      expect(isChatBadgeVisible(name), name).toBe(false);
  });

  it('shows it elsewhere', () => {
    for (const name of ['index', 'gamehall', 'cashier-deposit', 'betting-history', undefined])
      expect(isChatBadgeVisible(name), String(name)).toBe(true);
  });
});
