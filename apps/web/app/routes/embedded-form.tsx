/**
 * `/forms/sign_in` and `/forms/sign_up` for the embedding frame (empty layout): the popup's forms drawn as the
 * page itself by `EmbeddedAuthForm`; after a login or a registration the parent window gets `refresh_user`.
 * The frame is about 560 px wide: the banner panel would squeeze the form there, so it is not shown.
 */
import { useEffect, useState } from 'react';
import { type MetaFunction, useMatches } from 'react-router';
import { EmbeddedAuthForm } from '../features/auth/components/embedded-auth-form';
import { isInFrame } from '../features/auth/lib/auth-links';
import { Logo } from '../features/frame/header';

export const meta: MetaFunction = () => [{ title: 'Casino' }, { name: 'robots', content: 'noindex' }];

export default function EmbeddedForm() {
  const signUp = useMatches().at(-1)?.id === 'forms-sign-up';
  // Opened as a page of its own (the operator's auth popup is off, spec §3): the logo leads back to the site.
  const [topLevel, setTopLevel] = useState(false);
  useEffect(() => setTopLevel(!isInFrame()), []);
  return (
    <div
      className="min-h-dvh px-0 py-2 sm:py-6 [&_div:has(>[data-banner-type])]:hidden"
      data-embedded-form={signUp ? 'sign_up' : 'sign_in'}
    >
      {topLevel && (
        <div className="mx-auto mb-4 flex w-full max-w-[560px] px-4 sm:px-0">
          <Logo />
        </div>
      )}
      <EmbeddedAuthForm view={signUp ? 'registration' : 'authorization'} />
    </div>
  );
}
