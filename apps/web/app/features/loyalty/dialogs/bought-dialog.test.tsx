/**
 * The shop's buy dialog says where the purchase went (issue 36): a bonus bought behind an active one is waiting in
 * the bonus queue, not "already on your balance"; one bought with none active is on the bonus balance.
 */
import '@testing-library/jest-dom/vitest';
import type { TBonusItem } from '@casino/contracts/calls/bonuses';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TSiteData } from '../../../lib/site/types';
import type { TBought } from '../api/loyalty-api';
import BoughtDialog from './bought-dialog';

const product = (type: TBought['product']['type']): TBought['product'] => ({
  id: 2,
  sysname: 'bonus-10',
  type,
  title: '$10 bonus',
  description: '',
  image: null,
  price: 180,
  stock: null,
  limit: 3,
  bought: 1,
  reward: { type: type === 'item' ? 'item' : type === 'freespins' ? 'freespins' : type, amount: 10 },
});

const bonusItem = (over: Partial<TBonusItem>) => ({ ...BONUS, ...over }) as TBonusItem;
const BONUS = {
  id: 9,
  type: 'casino',
  status: 'available',
  amount: 10,
  converted: 0,
  queue_position: 2,
  queued_after: { id: 4, title: 'Loyalty reward', amount: 5 },
} as TBonusItem;

const renderDialog = (bought: Pick<TBought, 'product' | 'points' | 'bonus_item'>) => {
  const site = { account: null } as unknown as TSiteData;
  const dialog = { id: 'loyalty-shop-buy', close: () => undefined, update: () => undefined };
  const router = createMemoryRouter(
    [{ id: 'root', path: '/', loader: () => site, element: <BoughtDialog {...bought} dialog={dialog} /> }],
    { hydrationData: { loaderData: { root: site } } },
  );
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
};

describe('the shop buy dialog', () => {
  it('says a bonus bought behind an active one waits in the queue, at its place and behind which bonus', () => {
    renderDialog({ product: product('bonus'), points: 20, bonus_item: bonusItem({}) });
    const text = screen.getByTestId('bought-placement');
    expect(text).toHaveTextContent(
      'Your $10.00 bonus is #2 in your bonus queue, after Loyalty reward ($5.00).',
    );
    expect(text).not.toHaveTextContent('already on your balance');
  });

  it('says a bonus bought with none active is on the bonus balance', () => {
    renderDialog({
      product: product('bonus'),
      points: 20,
      bonus_item: bonusItem({ status: 'active', queue_position: 1, queued_after: null }),
    });
    expect(screen.getByTestId('bought-placement')).toHaveTextContent(
      'Your $10.00 bonus is active: it is on your bonus balance.',
    );
  });

  it('says cash is on the balance', () => {
    renderDialog({ product: product('cash'), points: 20, bonus_item: null });
    expect(screen.getByTestId('bought-placement')).toHaveTextContent('It is already on your balance.');
  });
});
