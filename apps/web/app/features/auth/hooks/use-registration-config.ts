import { useQuery } from '@tanstack/react-query';
import { useAuthApi } from '../api/auth-api.ts';
import { DEFAULT_REGISTRATION_CONFIG, parseRegistrationConfig } from '../lib/registration-config.ts';

const useRegistrationConfigQuery = () => {
  const authApi = useAuthApi();
  return useQuery({
    queryKey: ['metadata', 'registrationConfig'],
    queryFn: async () => parseRegistrationConfig(await authApi.getRegistrationConfig()),
    staleTime: Number.POSITIVE_INFINITY,
  });
};

/** The registration config from metadata.get; the defaults apply while it loads or when there is none. */
export const useRegistrationConfig = () => useRegistrationConfigQuery().data ?? DEFAULT_REGISTRATION_CONFIG;

/**
 * Whether the operator's config has arrived (or failed to, leaving the defaults). A form waits for it: its boxes'
 * first values (terms, news and offers) must be the operator's, never the defaults of a config still loading.
 */
export const useRegistrationConfigSettled = () => !useRegistrationConfigQuery().isPending;
