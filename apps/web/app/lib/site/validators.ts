/** The validator config list (spec §3) as the site's forms read it; the postcode pattern comes with the fields. */
import { validatorLimitsOf } from '@casino/contracts/validator-config';
import type { TSiteValidators } from './types';

export const siteValidators = (validatorConfig: unknown): TSiteValidators => {
  const { postcodePattern: _, birthMinAge, ...limits } = validatorLimitsOf(validatorConfig);
  return { ...limits, ...(birthMinAge !== undefined && { birthMinAge }) };
};
