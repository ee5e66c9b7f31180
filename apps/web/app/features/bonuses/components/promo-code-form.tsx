/**
 * The promo code form of the bonuses tab (spec §3 Promo code form, §4 Promo code flow): the code is trimmed and
 * checked on the server 300 ms after the player stops typing (a loader while checking, a check icon when valid,
 * the refusal's words otherwise); activating clears the form and opens the promo code activated popup.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { accountQueryKey } from '../../account/use-account';
import { BONUS_CALLS, bonusKeys } from '../api/bonuses-api';
import { openPromoActivated } from '../dialogs/bonus-dialogs';
import { promoCodeMessage, promoRefusalCode } from '../lib/promo-errors';

/** Spec §9: promo check debounce. */
export const PROMO_DEBOUNCE_MS = 300;

type TCheck = { state: 'idle' | 'checking' | 'valid' } | { state: 'invalid'; code: string };

export function PromoCodeForm() {
  const { t } = useTranslation();
  const id = useId();
  const client = useQueryClient();
  const [value, setValue] = useState('');
  const [check, setCheck] = useState<TCheck>({ state: 'idle' });
  const ticket = useRef(0);
  const code = value.trim();

  useEffect(() => {
    ticket.current += 1;
    const mine = ticket.current;
    if (code === '') {
      setCheck({ state: 'idle' });
      return;
    }
    setCheck({ state: 'checking' });
    const timer = setTimeout(() => {
      api.call(BONUS_CALLS.checkPromo, { promo_code: code }).then(
        () => mine === ticket.current && setCheck({ state: 'valid' }),
        (error: unknown) => {
          if (mine !== ticket.current) return;
          const refusal = promoRefusalCode(error);
          setCheck(refusal ? { state: 'invalid', code: refusal } : { state: 'idle' });
        },
      );
    }, PROMO_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [code]);

  const activate = useMutation({
    mutationFn: () => api.call(BONUS_CALLS.activatePromo, { promo_code: code }),
    onSuccess: (activated) => {
      setValue('');
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      void client.invalidateQueries({ queryKey: accountQueryKey });
      openPromoActivated(activated);
    },
  });
  const refusal = promoRefusalCode(activate.error) ?? (check.state === 'invalid' ? check.code : null);
  const error = refusal
    ? promoCodeMessage(t, refusal)
    : activate.error
      ? t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })
      : null;

  return (
    <form
      className="flex flex-col gap-2 rounded-xl bg-white/5 p-4 sm:flex-row sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        if (code !== '') activate.mutate();
      }}
      data-testid="promo-form"
    >
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <label htmlFor={id} className="text-sm font-medium text-[var(--text-muted)]">
          {t('profile.bonuses.promoLabel', { defaultValue: 'Have a promo code?' })}
        </label>
        <div className="relative">
          <input
            id={id}
            name="promo_code"
            value={value}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(event) => {
              setValue(event.target.value);
              activate.reset();
            }}
            className={`h-11 w-full rounded-lg border bg-[var(--bg)] px-3 pe-10 text-base uppercase text-[var(--text-strong)] outline-none focus:border-[var(--accent)] ${
              error ? 'border-rose-500' : 'border-[var(--line,#2a3150)]'
            }`}
            data-testid="promo-input"
          />
          <span className="absolute inset-y-0 end-3 flex items-center" aria-live="polite">
            {check.state === 'checking' && (
              <span
                className="spinner size-4"
                role="status"
                aria-label={t('auth.register.promoCodeChecking', {
                  defaultValue: 'Checking the promo code…',
                })}
              />
            )}
            {check.state === 'valid' && (
              <svg
                viewBox="0 0 24 24"
                className="size-5 text-emerald-400"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.5"
                role="img"
                aria-label={t('auth.register.promoCodeValid', { defaultValue: 'Promo code accepted' })}
                data-testid="promo-valid"
              >
                <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            )}
          </span>
        </div>
        {error && (
          <p id={`${id}-error`} className="text-sm text-rose-400" role="alert" data-testid="promo-error">
            {error}
          </p>
        )}
      </div>
      <button
        type="submit"
        className="btn btn-primary h-11"
        disabled={code === '' || activate.isPending}
        data-testid="promo-activate"
      >
        {t('profile.bonuses.promoActivate', { defaultValue: 'Activate' })}
      </button>
    </form>
  );
}
