/** A promo code refused for a time-out or self-exclusion (issue 36) is said so, in the player's language. */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import { createI18n } from '../../../lib/i18n';
import { promoCodeMessage, promoRefusalCode } from './promo-errors';

const LOCALES = join(import.meta.dirname, '../../../../../../content/locales');
const messagesOf = (locale: string) =>
  Object.fromEntries(
    readdirSync(join(LOCALES, locale))
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(LOCALES, locale, f), 'utf8'))]),
  );

const excluded = new ApiError(
  'AccessDeniedException',
  { reason: 'self_excluded', type: 'time_out', until: 1_795_348_800, is_permanent: false },
  403,
);

describe('promo code refusals', () => {
  it('maps a code refusal and the responsible-gaming one; anything else is no refusal of the code', () => {
    expect(
      promoRefusalCode(
        new ApiError('InvalidParameterException', { invalid_parameters: { promo_code: 'USED' } }, 400),
      ),
    ).toBe('USED');
    expect(promoRefusalCode(excluded)).toBe('EXCLUDED');
    expect(
      promoRefusalCode(new ApiError('AccessDeniedException', { reason: 'feature_disabled' }, 403)),
    ).toBeNull();
    expect(promoRefusalCode(new Error('network'))).toBeNull();
  });

  it.each([
    ['en', 'Promo codes cannot be used during a time-out or self-exclusion'],
    ['es', 'Los códigos promocionales no se pueden usar durante una pausa o una autoexclusión'],
    ['de', 'Promo-Codes können während einer Auszeit oder Selbstsperre nicht verwendet werden'],
  ])('says a time-out or self-exclusion refuses the code (%s)', (locale, text) => {
    const i18n = createI18n(locale, messagesOf(locale));
    expect(promoCodeMessage(i18n.t, promoRefusalCode(excluded) ?? undefined)).toBe(text);
  });
});
