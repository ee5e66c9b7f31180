/**
 * The §3 loyalty config reaches the site from metadata.get: the coin icon and the character's places are the
 * server's; a switched-off loyalty feature leaves the main navigation, and switched-off characters leave the card.
 */
import '@testing-library/jest-dom/vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { parseCmsConfig } from '../../lib/site/cms';
import type { TSiteData } from '../../lib/site/types';
import { navItemsFor } from '../frame/nav-items';
import { loyaltyKeys, type TLoyaltyInfo } from './api/loyalty-api';
import { loyaltyConfigOf, showsCharacter } from './components/loyalty-ui';
import { MyProgress } from './components/my-progress';
import { ProfileCharacter } from './components/profile-character';

const metadata = (features: Record<string, boolean>, loyalty: Record<string, unknown> = {}) => ({
  features: { isLoyaltyEnable: true, isCharactersEnable: true, ...features },
  loyalty: {
    isEnableLoyalty: features.isLoyaltyEnable ?? true,
    isEnableCharacters: features.isCharactersEnable ?? true,
    coinIcon: '/images/loyalty/star.svg',
    placesWhereDisplayedCharacters: ['loyalty-page'],
    tutorialUrl: '/about-us',
    notification: { duration: 8, sound: true },
    ...loyalty,
  },
});

const INFO: TLoyaltyInfo = {
  id: 1,
  is_active: true,
  points: 12,
  lifetime_points: 12,
  character: { id: 3, sysname: 'owl', name: 'Owl', image: '/images/owl.svg' },
  levels: [
    {
      id: 1,
      sysname: 'bronze',
      name: 'Bronze',
      image: null,
      min_points: 0,
      is_reached: true,
      is_current: true,
      reward: null,
      progress: { minValue: 0, maxValue: 50, expCount: 12, percent: 24 },
    },
  ],
  pointsAlias: 'points',
  uid: 1,
};

const renderCard = (cms: TSiteData['cms'], place: 'loyalty-page' | 'profile-loyalty-pages') => {
  const site = { cms, account: null } as unknown as TSiteData;
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => site, element: <MyProgress info={INFO} place={place} /> }],
    { hydrationData: { loaderData: { root: site } } },
  );
  return render(<RouterProvider router={router} />);
};

describe('loyalty config', () => {
  it('comes from metadata.get: coin, places, tutorial and notification', () => {
    const config = loyaltyConfigOf(parseCmsConfig({}, metadata({})));
    expect(config).toEqual({
      isEnableLoyalty: true,
      isEnableCharacters: true,
      coinIcon: '/images/loyalty/star.svg',
      placesWhereDisplayedCharacters: ['loyalty-page'],
      tutorialUrl: '/about-us',
      notification: { duration: 8, sound: true },
    });
    expect(showsCharacter(config, 'loyalty-page')).toBe(true);
    expect(showsCharacter(config, 'profile-loyalty-pages')).toBe(false);
    // Without a loyalty section (an older server): the defaults, switched by the flags.
    expect(loyaltyConfigOf(parseCmsConfig({}, { features: { isLoyaltyEnable: false } }))).toMatchObject({
      isEnableLoyalty: false,
      coinIcon: '/images/loyalty/coin.svg',
      notification: { duration: 5, sound: false },
    });
  });

  it('a switched-off loyalty feature leaves the main navigation', () => {
    const on = navItemsFor(parseCmsConfig({}, metadata({})).flags).map((i) => i.to);
    const off = navItemsFor(parseCmsConfig({}, metadata({ isLoyaltyEnable: false })).flags).map((i) => i.to);
    expect(on).toContain('/loyalty');
    expect(off).not.toContain('/loyalty');
    expect(off).toHaveLength(on.length - 1);
  });

  it('the character shows only where the config places it, and never with characters switched off', async () => {
    const cms = parseCmsConfig({}, metadata({}));
    const { unmount } = renderCard(cms, 'loyalty-page');
    expect(await screen.findByTestId('my-progress')).toBeInTheDocument();
    expect(screen.getByAltText('Owl')).toBeInTheDocument();
    // The coin is the configured icon.
    expect(document.querySelector('img[src="/images/loyalty/star.svg"]')).not.toBeNull();
    unmount();
    const second = renderCard(cms, 'profile-loyalty-pages');
    expect(await screen.findByTestId('my-progress')).toBeInTheDocument();
    expect(screen.queryByTestId('character-button')).toBeNull();
    second.unmount();
    renderCard(parseCmsConfig({}, metadata({ isCharactersEnable: false })), 'loyalty-page');
    expect(await screen.findByTestId('my-progress')).toBeInTheDocument();
    expect(screen.queryByTestId('character-button')).toBeNull();
  });

  it('shows the character beside the profile title when the config places it on profile-page', async () => {
    const renderProfile = (places: string[]) => {
      const site = {
        cms: parseCmsConfig({}, metadata({}, { placesWhereDisplayedCharacters: places })),
        account: { uid: 1 },
      };
      const queries = new QueryClient({
        defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
      });
      queries.setQueryData(loyaltyKeys.info, INFO);
      const router = createMemoryRouter(
        [{ id: 'root', path: '/', loader: () => site, element: <ProfileCharacter /> }],
        { hydrationData: { loaderData: { root: site } } },
      );
      return render(
        <QueryClientProvider client={queries}>
          <RouterProvider router={router} />
        </QueryClientProvider>,
      );
    };
    const shown = renderProfile(['profile-page']);
    expect(await screen.findByTestId('profile-character')).toHaveTextContent('Owl');
    shown.unmount();
    renderProfile(['loyalty-page']);
    expect(screen.queryByTestId('profile-character')).toBeNull();
  });
});
