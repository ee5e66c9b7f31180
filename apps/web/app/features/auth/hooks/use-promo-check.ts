/** Spec §4 Promo check: a change of the code triggers a server check after 300 ms of quiet. */
import { useEffect, useRef, useState } from 'react';
import { type TPromoCheck, useAuthApi } from '../api/auth-api.ts';

export const PROMO_DEBOUNCE_MS = 300;
export type TPromoState = 'idle' | 'checking' | TPromoCheck;

export const usePromoCheck = (rawCode: string, isEnabled: boolean): TPromoState => {
  const authApi = useAuthApi();
  const [state, setState] = useState<TPromoState>('idle');
  const latest = useRef(0);
  const code = rawCode.trim();
  useEffect(() => {
    latest.current += 1;
    const ticket = latest.current;
    if (!isEnabled || code === '') {
      setState('idle');
      return;
    }
    setState('checking');
    const timer = setTimeout(() => {
      authApi.checkPromocode(code).then(
        (result) => {
          if (latest.current === ticket) setState(result);
        },
        () => {
          if (latest.current === ticket) setState('unavailable');
        },
      );
    }, PROMO_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code, isEnabled, authApi]);
  return state;
};
