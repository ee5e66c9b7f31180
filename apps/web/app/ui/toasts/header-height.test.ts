/** Toasts sit below the header (`top: var(--header-height)`): the variable must exist and match the header's row. */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const app = resolve(__dirname, '../..');
const css = readFileSync(resolve(app, 'app.css'), 'utf8');
const header = readFileSync(resolve(app, 'features/frame/header.tsx'), 'utf8');

describe('--header-height', () => {
  it('is defined where the site header is, as its row (h-16) and its 1px border', () => {
    const rule = /:root:has\(\.site-header\)\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    expect(rule).toMatch(/--header-height:\s*calc\(4rem \+ 1px\);/);
    expect(header).toMatch(
      /<header className="site-header sticky top-0[^"]*">\s*<div className="[^"]*\bh-16\b/,
    );
    expect(/\.site-header\s*\{[^}]*border-bottom:\s*1px solid/.test(css)).toBe(true);
  });
});
