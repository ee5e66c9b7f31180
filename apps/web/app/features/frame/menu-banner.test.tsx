/** The cms menu banner shows in the menu when the server sends it, with its offer's figures, and not when null. */
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '../../lib/site/cms';
import { MenuBanner } from './menu-banner';

const cmsEn = JSON.parse(
  readFileSync(join(import.meta.dirname, '../../../../../content/cms/en.json'), 'utf8'),
) as Record<string, unknown>;

const renderBanner = (config: Record<string, unknown>) => {
  const cms = parseCmsConfig(config);
  const router = createMemoryRouter([
    { path: '*', element: <MenuBanner banner={cms.menuBanner} currency="USD" /> },
  ]);
  return render(<RouterProvider router={router} />);
};

describe('MenuBanner', () => {
  it("shows the seeded menu banner's title, words and link when its feature is live", () => {
    renderBanner(cmsEn);
    const banner = screen.getByTestId('menu-banner');
    const seeded = cmsEn.menuBanner as { title: string; text: string; url: string };
    expect(banner).toHaveTextContent(seeded.title);
    expect(banner).toHaveTextContent(seeded.text);
    expect(banner).toHaveAttribute('href', seeded.url);
  });

  it('fills the figures of the offer it quotes', () => {
    renderBanner({
      menuBanner: {
        title: '{percent}% up to {max}',
        url: '/promotions',
        terms: { percent: 50, max_amount: 300, min_amount: 20, wager: 30 },
      },
    });
    expect(screen.getByTestId('menu-banner')).toHaveTextContent('50% up to $300.00');
  });

  it('shows nothing when the server left it out', () => {
    renderBanner({ ...cmsEn, menuBanner: null });
    expect(screen.queryByTestId('menu-banner')).toBeNull();
  });
});
