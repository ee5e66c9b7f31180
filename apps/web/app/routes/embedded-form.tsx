/** `/forms/sign_in` and `/forms/sign_up` for the embedding frame: the popup opens here as the page itself. */
import { useTranslation } from 'react-i18next';
import { type MetaFunction, useMatches } from 'react-router';

export const meta: MetaFunction = () => [{ title: 'Casino' }, { name: 'robots', content: 'noindex' }];

export default function EmbeddedForm() {
  const { t } = useTranslation();
  const signUp = useMatches().at(-1)?.id === 'forms-sign-up';
  return (
    <section className="mx-auto max-w-md p-6" data-embedded-form={signUp ? 'sign_up' : 'sign_in'}>
      <h1 className="text-2xl font-bold text-[var(--text-strong)]">
        {signUp
          ? t('header.register', { defaultValue: 'Register' })
          : t('header.login', { defaultValue: 'Sign in' })}
      </h1>
    </section>
  );
}
