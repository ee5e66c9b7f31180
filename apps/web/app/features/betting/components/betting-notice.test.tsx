import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithSite } from '../../../lib/test/render-with-site';
import { BettingNotice } from './betting-page';

const LOCALES = join(import.meta.dirname, '../../../../../../content/locales');
const betting = (locale: string) => JSON.parse(readFileSync(join(LOCALES, locale, 'betting.json'), 'utf8'));

const renderWith = (flags: Record<string, boolean>, locale = 'en') => {
  const site = { locale, defaultLocale: 'en', cms: { flags } };
  const router = createMemoryRouter(
    [{ id: 'root', path: '/betting', loader: () => site, element: <BettingNotice /> }],
    { initialEntries: ['/betting'], hydrationData: { loaderData: { root: site } } },
  );
  renderWithSite(router, { locale, messages: { betting: betting(locale) } });
};

describe('the betting notice follows isVisibleNoticeBetting (spec §3)', () => {
  it('shows the operator’s notice in the page’s language when the flag is on', () => {
    renderWith({ isVisibleNoticeBetting: true }, 'ar');
    expect(screen.getByRole('note')).toHaveTextContent(betting('ar').notice);
  });

  it('shows nothing when the flag is off or missing', () => {
    renderWith({ isVisibleNoticeBetting: false });
    expect(screen.queryByRole('note')).toBeNull();
  });
});
