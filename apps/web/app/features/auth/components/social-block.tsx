/**
 * The social sign-in buttons. Spec §4 Social terms gate: when the registration terms are active and not
 * accepted, a click marks the error and does nothing else. Inside the embedding frame a click asks the
 * main site to open registration instead (spec §2).
 */
import { useTranslation } from '../../../lib/i18n-lite';
import { useRegistrationConfig } from '../hooks/use-registration-config.ts';
import { isInFrame, openSocialWindow, postSocialRedirect } from '../lib/auth-links.ts';
import type { TSocialProvider } from '../lib/registration-config.ts';

const ICONS: Record<string, string> = {
  google:
    'M21.6 12.2c0-.7-.1-1.4-.2-2H12v3.8h5.4a4.6 4.6 0 01-2 3v2.5h3.2c1.9-1.7 3-4.3 3-7.3zM12 22c2.7 0 5-.9 6.6-2.4l-3.2-2.5c-.9.6-2 1-3.4 1-2.6 0-4.8-1.8-5.6-4.1H3.1v2.6A10 10 0 0012 22zM6.4 14a6 6 0 010-3.9V7.5H3.1a10 10 0 000 9zM12 5.9c1.5 0 2.8.5 3.8 1.5l2.9-2.9A10 10 0 003.1 7.5L6.4 10C7.2 7.7 9.4 5.9 12 5.9z',
  telegram:
    'M21.9 4.3l-3.1 14.6c-.2 1-.8 1.3-1.7.8l-4.6-3.4-2.2 2.1c-.3.3-.5.5-1 .5l.3-4.7 8.6-7.8c.4-.3-.1-.5-.6-.2L6.9 12.9 2.3 11.5c-1-.3-1-1 .2-1.5l18-6.9c.8-.3 1.6.2 1.4 1.2z',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H8v4h2v8h4v-8h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
  x: 'M17.8 3h3.1l-6.8 7.7L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.2-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z',
  sandbox:
    'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5zm0 4.5a3 3 0 00-3 3c0 1.6 1.2 2.3 2.6 2.8 1 .3 1.4.6 1.4 1.1s-.5.9-1.1.9c-.8 0-1.4-.4-1.8-1l-1.4 1c.7 1 1.8 1.7 3.2 1.7a3 3 0 003-2.8c0-1.6-1.2-2.3-2.6-2.8-1-.3-1.4-.6-1.4-1.1s.4-.9 1-.9c.6 0 1 .3 1.4.8l1.3-1a3 3 0 00-2.6-1.7z',
  apple:
    'M16.4 12.6c0-2.4 2-3.5 2-3.6a4.3 4.3 0 00-3.4-1.8c-1.4-.2-2.8.8-3.5.8s-1.9-.8-3-.8a4.5 4.5 0 00-3.9 2.3c-1.7 2.9-.4 7.2 1.2 9.5.8 1.1 1.7 2.4 3 2.4 1.2-.1 1.6-.8 3-.8s1.8.8 3 .8c1.3 0 2.1-1.2 2.9-2.3a9.6 9.6 0 001.3-2.7 4.2 4.2 0 01-2.6-3.8zM14 5.6A4.2 4.2 0 0015 2.5a4.3 4.3 0 00-2.8 1.4 4 4 0 00-1 3 3.5 3.5 0 002.8-1.3z',
};

export interface TSocialBlockProps {
  typeAuth: 'registration' | 'authorization';
  title: string;
  /** Whether the click may go ahead; answering false blocks it (the terms gate marks its own error). */
  gate?: () => boolean;
  providers?: readonly TSocialProvider[];
}

export function SocialBlock({ typeAuth, title, gate, providers }: TSocialBlockProps) {
  const { t } = useTranslation();
  const config = useRegistrationConfig();
  const list = providers ?? config.authTypes.find((a) => a.component === 'social')?.social ?? [];
  if (list.length === 0) return null;

  const onClick = (provider: TSocialProvider) => {
    if (gate && !gate()) return;
    if (isInFrame()) {
      postSocialRedirect(window.location.href);
      return;
    }
    // The terms gate let the click through: the terms are ticked (or not asked), which the server must hear.
    openSocialWindow(provider.service, typeAuth, gate !== undefined);
  };

  return (
    <section className="flex flex-col gap-3" aria-label={title}>
      <div className="flex items-center gap-3 text-xs uppercase tracking-wider text-[var(--color-text-faint,#6b7189)]">
        <span className="h-px flex-1 bg-white/10" />
        <h3 className="font-medium">{title}</h3>
        <span className="h-px flex-1 bg-white/10" />
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        {list.map((provider) => (
          <button
            key={provider.id}
            type="button"
            onClick={() => onClick(provider)}
            aria-label={t('auth.social.continueWith', {
              provider: provider.name,
              defaultValue: `Continue with ${provider.name}`,
            })}
            className="flex h-11 min-w-[128px] flex-1 items-center justify-center gap-2 rounded-lg border border-white/12 bg-white/5 px-4 text-sm font-medium hover:bg-white/10"
          >
            {ICONS[provider.icon ?? provider.id] && (
              <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
                <path d={ICONS[provider.icon ?? provider.id]} />
              </svg>
            )}
            {provider.name}
          </button>
        ))}
      </div>
    </section>
  );
}
