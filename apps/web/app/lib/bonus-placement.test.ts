/** Where a granted bonus went, as the promo code, promotion and shop dialogs say it (issue 36). */
import { describe, expect, it } from 'vitest';
import { placementText } from './bonus-placement';
import { createI18n } from './i18n';

const { t } = createI18n('en', {});
const bonus = (over: Partial<Parameters<typeof placementText>[1]>) => ({
  type: 'casino' as const,
  status: 'active' as const,
  amount: 10,
  converted: 0,
  queue_position: 1,
  queued_after: null,
  ...over,
});

describe('placementText', () => {
  it('says an active bonus is on the bonus balance, a betting one on the betting bonus balance', () => {
    expect(placementText(t, bonus({}), 'USD')).toBe(
      'Your $10.00 bonus is active: it is on your bonus balance.',
    );
    expect(placementText(t, bonus({ type: 'betting', amount: 5 }), 'USD')).toBe(
      'Your $5.00 betting bonus is active: it is on your betting bonus balance.',
    );
  });

  it('says a waiting bonus is in the queue, at its place and after which bonus, not on the balance', () => {
    const text = placementText(
      t,
      bonus({
        status: 'available',
        queue_position: 2,
        queued_after: { id: 7, title: 'Loyalty reward', amount: 5 },
      }),
      'USD',
    );
    expect(text).toBe(
      'Your $10.00 bonus is #2 in your bonus queue, after Loyalty reward ($5.00). It starts by itself when the bonuses ahead of it end, or you can activate it now in My bonuses.',
    );
    expect(text).not.toContain('on your bonus balance');
  });

  it('says a bonus that needed no wagering became real money', () => {
    expect(placementText(t, bonus({ status: 'completed', queue_position: null, converted: 10 }), 'USD')).toBe(
      'Your $10.00 bonus needed no wagering: $10.00 went to your real balance.',
    );
  });
});
