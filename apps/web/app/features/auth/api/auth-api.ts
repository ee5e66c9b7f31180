/**
 * The calls the authentication popup makes, behind one interface so the popup can be given another
 * implementation (tests, the storybook of the design system). Types come from the shared contracts.
 */
import type { TAuthAccount } from '@casino/contracts/calls/auth';
import type { TFieldDefinition } from '@casino/contracts/countries';
import { createContext, useContext } from 'react';
import { api } from '../../../lib/api/browser.ts';
import { isApiError } from '../../../lib/api/client.ts';
import { withValidatorLimits } from '../lib/registration-config.ts';

/** 'excluded': no code during a time-out or self-exclusion (issue 36). */
export type TPromoCheck = 'valid' | 'invalid' | 'excluded' | 'unavailable';

export interface TAuthApi {
  login: (params: { login: string; password: string; code?: string }) => Promise<TAuthAccount>;
  register: (payload: Record<string, string>) => Promise<TAuthAccount>;
  restore: (params: { login: string }) => Promise<unknown>;
  /** campaigns.checkPromocode: a truthy data value means valid; a missing call answers 'unavailable'. */
  checkPromocode: (promoCode: string) => Promise<TPromoCheck>;
  getPersonalDataFields: (country: string) => Promise<TFieldDefinition[]>;
  /** metadata.get's registration config, or null when the server has none (the default config applies). */
  getRegistrationConfig: () => Promise<unknown>;
  saveProfileInfo: (payload: Record<string, string>) => Promise<unknown>;
  activatePromoCode: (promoCode: string) => Promise<unknown>;
}

export const httpAuthApi: TAuthApi = {
  login: (params) => api.post('auth.login', params),
  register: (payload) => api.post('auth.register', payload),
  restore: (params) => api.post('auth.restore', params),
  checkPromocode: async (promoCode) => {
    try {
      return (await api.post<unknown>('campaigns.checkPromocode', { promo_code: promoCode }))
        ? 'valid'
        : 'invalid';
    } catch (error) {
      if (isApiError(error, 'MethodNotFoundException')) return 'unavailable';
      if (isApiError(error, 'AccessDeniedException') && error.data.reason === 'self_excluded')
        return 'excluded';
      if (isApiError(error, 'InvalidParameterException') || isApiError(error, 'InvalidRequestException'))
        return 'invalid';
      return 'unavailable';
    }
  },
  getPersonalDataFields: (country) => api.get('account.getPersonalDataFields', { country }),
  getRegistrationConfig: async () => {
    try {
      const metadata = await api.get<Record<string, unknown> | null>('metadata.get');
      const config = (metadata?.registration ?? metadata?.registrationConfig ?? null) as Record<
        string,
        unknown
      > | null;
      // The character select lists the loyalty characters unless the config names its own.
      const charactersOn = (metadata?.loyalty as { isEnableCharacters?: boolean } | undefined)
        ?.isEnableCharacters;
      if (config?.showCharacterSelect && charactersOn === false) config.characters = [];
      else if (config?.showCharacterSelect && !Array.isArray(config.characters)) {
        const list = await api
          .get<{ items: { sysname: string; name: string; image: string }[] }>('loyalty.getcharacters', {
            limit: 50,
          })
          .catch(() => ({ items: [] }));
        config.characters = list.items.map((c) => ({ id: c.sysname, name: c.name, image: c.image }));
      }
      return withValidatorLimits(config, metadata?.validatorConfig);
    } catch {
      return null;
    }
  },
  saveProfileInfo: (payload) => api.post('account.saveProfileInfo', payload),
  activatePromoCode: (promoCode) => api.post('campaigns.activateOffer', { promo_code: promoCode }),
};

export const AuthApiContext = createContext<TAuthApi>(httpAuthApi);
export const useAuthApi = () => useContext(AuthApiContext);
