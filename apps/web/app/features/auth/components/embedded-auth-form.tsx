/**
 * The sign-in and sign-up forms of the embedding frame (`/forms/sign_in`, `/forms/sign_up`): the popup's
 * content drawn inline in the empty layout. After success the parent window gets `refresh_user`.
 */
import { useMemo } from 'react';
import type { TDialogControls } from '../../../ui/dialogs/dialog-store.ts';
import { openAuthPopup } from '../open-auth-popup.tsx';
import { AuthPopup } from './auth-popup.tsx';
import type { TAuthView } from './auth-popup-context.ts';

export function EmbeddedAuthForm({ view }: { view: Extract<TAuthView, 'authorization' | 'registration'> }) {
  const controls = useMemo(
    (): TDialogControls => ({ id: 'embedded-auth', close: () => undefined, update: () => undefined }),
    [],
  );
  return (
    <div className="mx-auto w-full max-w-[560px] rounded-2xl bg-[var(--color-surface,#161a26)] text-[var(--color-text,#f3f4f8)]">
      <AuthPopup
        initialView={view}
        dialog={controls}
        titleId="embedded-auth-title"
        reopen={(next) => openAuthPopup(next)}
      />
    </div>
  );
}
