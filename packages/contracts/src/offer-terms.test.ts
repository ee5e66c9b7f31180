import { describe, expect, it } from 'vitest';
import { LITERAL_OFFER_NUMBER, offerText } from './offer-terms.ts';

const terms = { percent: 100, max_amount: 1200, min_amount: 20, wager: 35 };

describe('offer terms', () => {
  it('fills the placeholders with the offer, amounts per §9 in the currency', () => {
    expect(offerText('{percent}% up to {max}, min {min}, wager {wager}×', terms, 'USD')).toBe(
      '100% up to $1,200.00, min $20.00, wager 35×',
    );
    expect(offerText('{max} {unknown}', terms, 'EUR')).toBe('€1,200.00 {unknown}');
  });

  it('spots amounts and percentages written out', () => {
    for (const text of ['100% up to $200', '200 $', 'US$ 200', 'up to 10 % back', '200 دولار', '%100'])
      expect(text).toMatch(LITERAL_OFFER_NUMBER);
    for (const text of ['{percent}% up to {max}', 'Top 50 players', 'Wager {wager}×', 'min {min}'])
      expect(text).not.toMatch(LITERAL_OFFER_NUMBER);
  });
});
