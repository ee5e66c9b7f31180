/** Blackjack's 6:5 is said plainly where the bet is placed: on the player's own bet, against the classic 3:2. */
import { blackjackRules } from '@casino/games';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlackjackPaysNote, blackjackPays } from './blackjack-screen';

describe('blackjack payout note', () => {
  it('reads the engine rules: 6:5, a $10 bet wins $12 where 3:2 would pay $15', () => {
    expect(blackjackPays(blackjackRules().rules, 10)).toEqual({
      ratio: '6:5',
      win: 12,
      classic: 15,
      lessThanClassic: true,
    });
    expect(blackjackPays(blackjackRules().rules, 0.99)?.win).toBe(1.18);
  });

  it('shows it by the bet, on the bet typed, and no "less than" when the operator pays 3:2', () => {
    const { container, rerender } = render(<BlackjackPaysNote rules={blackjackRules().rules} bet="25.00" />);
    expect(container.textContent).toBe(
      'Blackjack pays 6:5: a $25.00 bet wins $30.00 on a blackjack. That is less than the classic 3:2, which would pay $37.50.',
    );
    rerender(<BlackjackPaysNote rules={['Blackjack pays 3:2; other wins pay 1:1.']} bet="10" />);
    expect(container.textContent).toBe('Blackjack pays 3:2: a $10.00 bet wins $15.00 on a blackjack.');
    rerender(<BlackjackPaysNote rules={['Wins pay 1:1.']} bet="10" />);
    expect(container.textContent).toBe('');
  });
});
