import type { TApiError, TEnvelope } from '@casino/contracts';

export const ok = <D>(data: D): TEnvelope<D> => ({ data, error: null });
export const failure = (error: TApiError): TEnvelope<never> => ({ data: null, error });
