/**
 * What the auth popup's banner panel says (spec §2): the label, value and addition translations with the figures
 * of the offer the operator's cms banner quotes (its terms, resolved by the server from campaign_offers), in the
 * player's currency. No panel when the operator's banner cannot show (its offer is not live); no figures when
 * there is no offer to take them from.
 */
import { offerPlaceholders } from '@casino/contracts/offer-terms';
import { bannerText } from '../../../lib/site/banner-text.ts';
import type { TAuthPanelBanner } from '../../../lib/site/types.ts';
import type { TAuthBannerData } from '../components/auth-banner.tsx';
import type { TRegistrationConfig } from './registration-config.ts';

type TTranslate = (key: string, options?: Record<string, unknown>) => string;

export const panelBanner = (input: {
  /** The registration config's banner (image, type, optional operator words). */
  config: TRegistrationConfig['banner'];
  /** The cms config's authBanner: undefined when none is configured, null when it cannot show now. */
  operator: TAuthPanelBanner | null | undefined;
  currency: string;
  t: TTranslate;
}): TAuthBannerData | null => {
  const { config, operator, currency, t } = input;
  if (config === null || operator === null) return null;
  const terms = operator?.terms;
  const figures = terms ? offerPlaceholders(terms, currency) : null;
  const translated = (key: 'label' | 'value' | 'addition', needsFigures: boolean) => {
    const own = config[key];
    if (own !== undefined) return bannerText(own, terms, currency);
    if (needsFigures && !figures) return undefined;
    return t(`auth.banner.${key}`, { defaultValue: '', ...figures }) || undefined;
  };
  return {
    image: config.image || undefined,
    label: translated('label', false),
    value: translated('value', true),
    addition: translated('addition', true),
    type: config.type,
  };
};
