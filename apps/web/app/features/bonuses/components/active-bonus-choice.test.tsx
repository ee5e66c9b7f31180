/** The activate confirm's choice for the bonus active now: paused by default, or given up (issue 36). */
import '@testing-library/jest-dom/vitest';
import type { TActiveBonusChoice } from '@casino/contracts/calls/bonuses';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TBonus } from '../api/bonuses-api';
import { ActiveBonusChoice } from './active-bonus-choice';

const active = {
  id: 3,
  balance: 7.5,
  description: { title: 'Loyalty reward', text: '' },
} as TBonus;

describe('ActiveBonusChoice', () => {
  it('names the active bonus and what is lost, keeps it paused by default, and records giving it up', () => {
    const choice: { current: TActiveBonusChoice } = { current: 'deactivate' };
    render(<ActiveBonusChoice active={active} currency="USD" choice={choice} />);
    expect(screen.getByTestId('active-bonus-choice')).toHaveTextContent(
      'Loyalty reward ($7.50) is active now. What should happen to it?',
    );
    expect(screen.getByTestId('active-bonus-deactivate')).toBeChecked();
    expect(screen.getByText(/you lose its bonus money \(\$7\.50\)/)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('active-bonus-remove'));
    expect(choice.current).toBe('remove');
    expect(screen.getByTestId('active-bonus-remove')).toBeChecked();
    fireEvent.click(screen.getByTestId('active-bonus-deactivate'));
    expect(choice.current).toBe('deactivate');
  });
});
