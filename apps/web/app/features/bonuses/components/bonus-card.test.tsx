import '@testing-library/jest-dom/vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import type { TBonus } from '../api/bonuses-api';
import { BonusCard } from './bonus-card';

const bonus = (over: Partial<TBonus>): TBonus => ({
  id: 1,
  type: 'betting',
  status: 'active',
  amount: 5,
  balance: 5,
  wager_requirement: 5,
  wagered: 0,
  wager_multiplier: 1,
  max_bet: null,
  max_conversion: null,
  min_odds: 1.5,
  is_free_bet: true,
  expires_at: null,
  contributions: { kinds: { betting: 100 }, games: {} },
  description: { title: 'Free bet', text: '' },
  source: 'operator',
  created_at: '2026-11-25T00:00:00.000Z',
  activated_at: '2026-11-25T00:00:00.000Z',
  finished_at: null,
  converted: 0,
  lost: 0,
  queue_position: 1,
  queued_after: null,
  ...over,
});

const renderIt = (b: TBonus) =>
  render(
    <I18nextProvider i18n={createI18n('en', {})}>
      <BonusCard bonus={b} main={0} currency="USD" isolation={false} />
    </I18nextProvider>,
  );

describe('the bonus card of a betting bonus', () => {
  it('shows the minimum odds and the free-bet rule', () => {
    renderIt(bonus({}));
    expect(screen.getByTestId('bonus-min-odds')).toHaveTextContent('at odds of 1.50 or more');
    expect(screen.getByTestId('bonus-free-bet')).toHaveTextContent('without the stake');
  });

  it('says any odds count when there is no minimum, and nothing of free bets for another bonus', () => {
    renderIt(bonus({ min_odds: null, is_free_bet: false }));
    expect(screen.getByTestId('bonus-min-odds')).toHaveTextContent('Any odds');
    expect(screen.queryByTestId('bonus-free-bet')).toBeNull();
  });

  it('shows no betting terms on a casino bonus', () => {
    renderIt(bonus({ type: 'casino', min_odds: null, is_free_bet: false }));
    expect(screen.queryByTestId('bonus-betting-terms')).toBeNull();
  });
});

describe('the bonus card in the queue', () => {
  it('says the active bonus plays now', () => {
    renderIt(bonus({ type: 'casino', min_odds: null, is_free_bet: false }));
    expect(screen.getByTestId('bonus-queue')).toHaveTextContent('Playing now · #1 in your queue');
  });

  it('says where a waiting bonus stands and which bonus it waits for', () => {
    renderIt(
      bonus({
        type: 'casino',
        status: 'available',
        min_odds: null,
        is_free_bet: false,
        queue_position: 2,
        queued_after: { id: 7, title: 'Loyalty reward', amount: 5 },
      }),
    );
    expect(screen.getByTestId('bonus-queue')).toHaveTextContent(
      '#2 in your queue · starts after Loyalty reward ($5.00)',
    );
  });

  it('says nothing of a queue once the bonus ended', () => {
    renderIt(bonus({ status: 'completed', queue_position: null }));
    expect(screen.queryByTestId('bonus-queue')).toBeNull();
  });
});
