import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../../lib/i18n';
import { I18nProvider } from '../../../lib/i18n-lite';
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
  withdrawal_hold: null,
  ...over,
});

const profileMessages = (locale: string) => ({
  profile: JSON.parse(
    readFileSync(
      join(import.meta.dirname, `../../../../../../content/locales/${locale}/profile.json`),
      'utf8',
    ),
  ),
});

const renderIt = (b: TBonus, options: { main?: number; locale?: string } = {}) =>
  render(
    <I18nProvider
      i18n={createI18n(options.locale ?? 'en', options.locale ? profileMessages(options.locale) : {})}
    >
      <BonusCard
        bonus={b}
        main={options.main ?? 0}
        currency="USD"
        isolation={false}
        onActivate={() => undefined}
        onRemove={() => undefined}
      />
    </I18nProvider>,
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

describe('the bonus card of a bonus a pending withdrawal holds', () => {
  const held = (hold: { amount: number; count: number }) =>
    bonus({
      type: 'casino',
      status: 'available',
      min_odds: null,
      is_free_bet: false,
      balance: 10,
      amount: 10,
      queue_position: null,
      withdrawal_hold: hold,
    });

  it('says it is paused by the withdrawal, with no Activate and no place in the queue', () => {
    renderIt(held({ amount: 20, count: 1 }), { main: 30 });
    expect(screen.getByTestId('bonus-held')).toHaveTextContent(
      'Paused while your withdrawal of $20.00 waits: lost if it is paid, back if you cancel it.',
    );
    expect(screen.getByTestId('bonus-status')).toHaveTextContent('Paused');
    expect(screen.queryByTestId('bonus-activate')).toBeNull();
    expect(screen.queryByTestId('bonus-queue')).toBeNull();
    // It can still be given up.
    expect(screen.getByTestId('bonus-remove')).toBeInTheDocument();
    // A new withdrawal joins the hold: the card says what it would keep and put at stake.
    expect(screen.getByTestId('bonus-withdraw-now')).toHaveTextContent(
      'Withdraw more now: you keep $30.00; this bonus ($10.00) is lost if any of your withdrawals is paid.',
    );
  });

  it('speaks of every withdrawal when several hold it', () => {
    renderIt(held({ amount: 45, count: 2 }));
    expect(screen.getByTestId('bonus-held')).toHaveTextContent(
      'Paused while your withdrawals of $45.00 wait: lost if one of them is paid, back if you cancel them all.',
    );
  });

  it('keeps the Activate button and no hold line for a bonus that only waits', () => {
    renderIt(bonus({ status: 'available', queue_position: 2 }));
    expect(screen.getByTestId('bonus-activate')).toBeInTheDocument();
    expect(screen.queryByTestId('bonus-held')).toBeNull();
    expect(screen.queryByTestId('bonus-withdraw-now')).toBeNull();
  });

  it('in the player’s language', () => {
    renderIt(held({ amount: 20, count: 1 }), { locale: 'de', main: 30 });
    expect(screen.getByTestId('bonus-held')).toHaveTextContent(
      'Pausiert, solange deine Auszahlung von $20.00 wartet: verloren, wenn sie ausgezahlt wird, zurück, wenn du sie stornierst.',
    );
    expect(screen.getByTestId('bonus-status')).toHaveTextContent('Pausiert');
    expect(screen.getByTestId('bonus-withdraw-now')).toHaveTextContent('Jetzt weiter auszahlen');
  });
});
