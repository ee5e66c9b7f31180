/** Dice in RTL: the range input and scale mirror, so the coloured bar and the roll marker must mirror with them. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(__dirname, '../games.css'), 'utf8');
const screen = readFileSync(resolve(__dirname, './dice-screen.tsx'), 'utf8');

const rule = (selector: string) => {
  const at = css.indexOf(`\n${selector} {`);
  return at < 0 ? '' : css.slice(at, css.indexOf('}', at));
};

describe('dice in RTL', () => {
  it('mirrors the win/lose bar, so "Over 50" shows the winning half green on the mirrored side', () => {
    expect(rule('[dir="rtl"] .gm-dice-bar')).toContain('scaleX(-1)');
  });
  it('places the roll marker by inline start, centred on its value in both directions', () => {
    expect(screen).toContain('insetInlineStart:');
    expect(screen).not.toMatch(/\bleft: `\$\{roll/);
    expect(rule('[dir="rtl"] .gm-dice-marker')).toContain('translateX(50%)');
    expect(rule('.gm-dice-marker')).toContain('translateX(-50%)');
  });
});
