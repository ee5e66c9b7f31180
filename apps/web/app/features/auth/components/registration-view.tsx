/** The registration view: a method switcher when there is more than one method, then that method. */
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n-lite';
import { useRegistrationConfigSettled } from '../hooks/use-registration-config.ts';
import { fieldMessage } from '../lib/field-messages.ts';
import type { TRegistrationConfig } from '../lib/registration-config.ts';
import { RichText } from '../lib/rich-text.tsx';
import { useAuthPopup } from './auth-popup-context.ts';
import { Checkbox, LinkButton, Spinner } from './form-controls.tsx';
import { RegistrationForm } from './registration-form.tsx';
import { SocialBlock } from './social-block.tsx';

export function RegistrationView({ config }: { config: TRegistrationConfig }) {
  const { t } = useTranslation();
  const popup = useAuthPopup();
  // The operator's first method until the player picks one: the config may arrive after the popup opened.
  const [pickedId, setPickedId] = useState<string | null>(null);
  const method = config.authTypes.find((a) => a.id === pickedId) ?? config.authTypes[0]!;
  // The forms take their boxes' first values (terms, news and offers) from the operator's config, never a default.
  const settled = useRegistrationConfigSettled();
  if (!settled) return <RegistrationLoading />;

  return (
    <div className="flex flex-col gap-5">
      {config.authTypes.length > 1 && (
        <div
          role="tablist"
          aria-label={t('auth.register.methodsLabel', { defaultValue: 'Registration method' })}
          className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-black/25 p-1"
        >
          {config.authTypes.map((a) => (
            <button
              key={a.id}
              type="button"
              role="tab"
              aria-selected={a.id === method.id}
              onClick={() => setPickedId(a.id)}
              className={`h-10 rounded-lg px-2 text-sm font-semibold transition ${a.id === method.id ? 'bg-[var(--color-accent,#f5b400)] text-[var(--color-accent-contrast,#14161f)]' : 'text-[var(--color-text-muted,#c4c8d6)] hover:bg-white/5'}`}
            >
              {t(`auth.register.${a.label}`, { defaultValue: a.label })}
            </button>
          ))}
        </div>
      )}
      <div role={config.authTypes.length > 1 ? 'tabpanel' : undefined}>
        {method.component === 'social' ? (
          <SocialMethod config={config} />
        ) : (
          <RegistrationForm key={method.id} config={config} method={method} />
        )}
      </div>
      <p className="text-center text-sm text-[var(--color-text-muted,#9aa0b4)]">
        {t('auth.register.haveAccount', { defaultValue: 'Already have an account?' })}{' '}
        <LinkButton onClick={() => popup.setView('authorization')}>
          {t('auth.register.toLogin', { defaultValue: 'Sign in' })}
        </LinkButton>
      </p>
    </div>
  );
}

/** The social method: the terms box gates every provider button (spec §4 Social terms gate). */
function SocialMethod({ config }: { config: TRegistrationConfig }) {
  const { t } = useTranslation();
  const form = useForm<{ terms: boolean }>({ defaultValues: { terms: config.terms.defaultValue } });
  const error = form.formState.errors.terms?.message;
  const gate = () => {
    if (!config.terms.isActive || form.getValues('terms')) return true;
    form.setError('terms', { type: 'rule', message: 'uncheckedCheckbox' });
    return false;
  };
  return (
    <div className="flex flex-col gap-4">
      {config.terms.isActive && (
        <Checkbox
          label={
            <RichText
              source={t('auth.register.termsLabel', {
                age: config.minimumAge,
                defaultValue: 'I am at least {age} years old and I accept the Terms and Conditions',
              })}
              linkClassName="font-medium text-[var(--color-accent,#f5b400)] underline underline-offset-2"
            />
          }
          registration={form.register('terms', { onChange: () => form.clearErrors('terms') })}
          error={error ? fieldMessage(t, error) : undefined}
        />
      )}
      <SocialBlock
        typeAuth="registration"
        title={t('auth.register.socialTitle', { defaultValue: 'Or register with' })}
        gate={gate}
      />
    </div>
  );
}

/** While the operator's registration config loads (a moment, once per visit). */
export function RegistrationLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-40 items-center justify-center" role="status" aria-busy="true">
      <Spinner />
      <span className="sr-only">{t('common.labels.loading', { defaultValue: 'Loading…' })}</span>
    </div>
  );
}
