/**
 * One source for every figure of the welcome offer: the home hero (cms banner), the registration popup's banner
 * panel (auth.banner translations) and the deposit form (campaigns.getoffers) all quote the offer's terms, as the
 * server answers them from the campaign_offers row (metadata/cms-banners.test.ts checks that side): a new max
 * there is the new amount in all three.
 */
import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { offerText, type TOfferTerms } from '@casino/contracts/offer-terms';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { parseCmsConfig } from '../../lib/site/cms';
import type { TSiteData } from '../../lib/site/types';
import { renderWithSite } from '../../lib/test/render-with-site';
import { panelBanner } from '../auth/lib/panel-banner';
import { messages } from '../auth/test/render-auth';
import { DepositOffers } from '../cashier/components/deposit-offers';
import { HomePage } from './home-page';

const CONTENT = join(import.meta.dirname, '../../../../../content');
const cmsEn = JSON.parse(readFileSync(join(CONTENT, 'cms/en.json'), 'utf8'));
const offersContent = JSON.parse(readFileSync(join(CONTENT, 'campaigns/offers.json'), 'utf8'));

/** What the server answers when the welcome offer's row has these terms. */
const serverAnswers = (terms: TOfferTerms) => {
  const cms = parseCmsConfig({
    ...cmsEn,
    heroBanners: cmsEn.heroBanners
      .filter((b: { id: string }) => b.id === 'welcome')
      .map((b: object) => ({ ...b, terms })),
    authBanner: { ...cmsEn.authBanner, terms },
  });
  const welcome = offersContent[0];
  const offer = {
    id: welcome.id,
    trigger: {
      action: 'deposit',
      user_satisfies_params: true,
      params: { exclude_methods: [], min_amount: terms.min_amount },
    },
    description: {
      title: welcome.description.texts.en.title,
      text: offerText(welcome.description.texts.en.text, terms, 'USD'),
      image: null,
    },
    promotions: [{ type: 'bonus', percent: terms.percent, max_amount: terms.max_amount, wager: terms.wager }],
  };
  return { cms, offer };
};

const site = (cms: TSiteData['cms']): TSiteData => ({
  locale: 'en',
  defaultLocale: 'en',
  dir: 'ltr',
  locales: [{ code: 'en' }],
  theme: 'dark',
  messages,
  account: null,
  cms,
  generalInfo: { time_to_force_logout: 0 },
});

const renderHome = (data: TSiteData, element: ReactNode) => {
  const router = createMemoryRouter([{ id: 'root', path: '/', loader: () => data, element }], {
    hydrationData: { loaderData: { root: data } },
  });
  return renderWithSite(router, { messages });
};

describe('the welcome offer figures', () => {
  it.each([200, 300])(
    'come from the offer: max %i shows in the hero, the auth panel and the deposit form',
    async (max) => {
      const terms = { percent: 100, max_amount: max, min_amount: 20, wager: 35 };
      const amount = `$${max}.00`;
      const { cms, offer } = serverAnswers(terms);

      const home = renderHome(site(cms), <HomePage banners={cms.banners} rows={[]} emptyText="" />);
      const hero = await screen.findByTestId('hero-banner-welcome');
      expect(hero).toHaveTextContent(`Get 100% on top of your first deposit, up to ${amount}`);
      home.unmount();

      const i18n = createI18n('en', messages);
      const panel = panelBanner({
        config: { image: '', type: 'compact' },
        operator: cms.authBanner,
        currency: 'USD',
        t: (key, options) => i18n.t(key, options),
      });
      expect(panel).toMatchObject({
        label: 'Welcome bonus',
        value: `100% up to ${amount}`,
        addition: 'on your first deposit, min $20.00',
      });

      renderHome(
        site(cms),
        <DepositOffers
          offers={[offer]}
          selected={-1}
          onSelect={() => {}}
          amount=""
          currency="USD"
          error={null}
        />,
      );
      const radio = await screen.findByRole('radio', { name: 'Welcome bonus' });
      expect(radio).toHaveAccessibleDescription(
        `We add 100% on top of your first deposit, up to ${amount}. 100% up to ${amount} · Min deposit $20.00 · Wager 35×`,
      );
    },
  );

  it('leaves out the auth panel when its offer is not live, and figures it has no offer for', () => {
    const i18n = createI18n('en', messages);
    const t = (key: string, options?: Record<string, unknown>) => i18n.t(key, options);
    const config = { image: '', type: 'compact' as const };
    expect(panelBanner({ config, operator: null, currency: 'USD', t })).toBeNull();
    expect(panelBanner({ config, operator: undefined, currency: 'USD', t })).toMatchObject({
      label: 'Welcome bonus',
      value: undefined,
      addition: undefined,
    });
  });
});
