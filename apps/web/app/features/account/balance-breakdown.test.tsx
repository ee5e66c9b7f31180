import '@testing-library/jest-dom/vitest';
import type { TAccountInfo } from '@casino/contracts/calls/account';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../../lib/i18n';
import { I18nProvider } from '../../lib/i18n-lite';
import { BalanceBreakdown } from './balance-breakdown';

const money = (amount: number) => ({ amount, currency: 'USD' });
const account = {
  uid: 7,
  login: 'p@example.com',
  balance: money(100.5),
  bonus_balance: money(20),
  betting_bonus_balance: money(5.25),
  fun_balance: money(1000),
} as unknown as TAccountInfo;

const renderIt = () =>
  render(
    <I18nProvider i18n={createI18n('en', {})}>
      <BalanceBreakdown account={account} />
      <button type="button">elsewhere</button>
    </I18nProvider>,
  );

describe('the header balance', () => {
  it('shows the §3 total and opens what it is made of; Esc closes and gives focus back', async () => {
    const user = userEvent.setup();
    renderIt();
    const button = screen.getByRole('button', { name: /Balance \$125\.75/ });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Your balance' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(dialog).toHaveFocus();
    expect(within(dialog).getByTestId('balance-main')).toHaveTextContent('Real money$100.50');
    expect(within(dialog).getByTestId('balance-bonus')).toHaveTextContent('Casino bonus$20.00');
    expect(within(dialog).getByTestId('balance-betting-bonus')).toHaveTextContent('Sports bonus$5.25');
    expect(dialog).toHaveTextContent('Total$125.75');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('opens from the keyboard and closes when focus or a click goes elsewhere', async () => {
    const user = userEvent.setup();
    renderIt();
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'elsewhere' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
