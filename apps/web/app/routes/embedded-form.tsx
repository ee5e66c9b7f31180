/**
 * `/forms/sign_in` and `/forms/sign_up` for the embedding frame (empty layout): the popup's forms drawn as the
 * page itself by `EmbeddedAuthForm`; after a login or a registration the parent window gets `refresh_user`.
 * The frame is about 560 px wide: the banner panel would squeeze the form there, so it is not shown.
 */
import { type MetaFunction, useMatches } from 'react-router';
import { EmbeddedAuthForm } from '../features/auth/components/embedded-auth-form';

export const meta: MetaFunction = () => [{ title: 'Casino' }, { name: 'robots', content: 'noindex' }];

export default function EmbeddedForm() {
  const signUp = useMatches().at(-1)?.id === 'forms-sign-up';
  return (
    <div
      className="min-h-dvh px-0 py-2 sm:py-6 [&_div:has(>[data-banner-type])]:hidden"
      data-embedded-form={signUp ? 'sign_up' : 'sign_in'}
    >
      <EmbeddedAuthForm view={signUp ? 'registration' : 'authorization'} />
    </div>
  );
}
