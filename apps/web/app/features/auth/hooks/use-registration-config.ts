import { useQuery } from '@tanstack/react-query';
import { useAuthApi } from '../api/auth-api.ts';
import { DEFAULT_REGISTRATION_CONFIG, parseRegistrationConfig } from '../lib/registration-config.ts';

/** The registration config from metadata.get; the defaults apply while it loads or when there is none. */
export const useRegistrationConfig = () => {
  const authApi = useAuthApi();
  const query = useQuery({
    queryKey: ['metadata', 'registrationConfig'],
    queryFn: async () => parseRegistrationConfig(await authApi.getRegistrationConfig()),
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? DEFAULT_REGISTRATION_CONFIG;
};
