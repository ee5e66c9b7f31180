/**
 * The cookie-consent banner: accept all, necessary only, or choose by category; the choice is stored
 * (lib/consent.ts) and the footer's "Cookie settings" opens it again with the stored choice.
 */
import { useState } from 'react';
import { readConsent, saveConsent } from '../../lib/consent';
import { useTranslation } from '../../lib/i18n-lite';

const CATEGORY_TEXT = {
  necessary: [
    ['consent.categories.necessary.title', 'Necessary'],
    ['consent.categories.necessary.text', 'Sign-in, security and your settings. Always on.'],
  ],
  analytics: [
    ['consent.categories.analytics.title', 'Analytics'],
    ['consent.categories.analytics.text', 'Visit statistics and page speed, to improve the site.'],
  ],
  marketing: [
    ['consent.categories.marketing.title', 'Marketing'],
    [
      'consent.categories.marketing.text',
      'The tag manager and our customer-data platform, to measure campaigns and offers.',
    ],
  ],
} as const;

export default function ConsentBanner({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const stored = readConsent();
  const [choosing, setChoosing] = useState(stored !== null);
  const [choice, setChoice] = useState({
    analytics: stored?.analytics ?? false,
    marketing: stored?.marketing ?? false,
  });
  const save = (value: { analytics: boolean; marketing: boolean }) => {
    saveConsent(value);
    onClose();
  };
  return (
    <section
      role="dialog"
      aria-modal="false"
      aria-labelledby="consent-title"
      className="consent-banner fixed inset-x-2 bottom-20 z-40 mx-auto max-h-[70dvh] max-w-3xl overflow-y-auto rounded-2xl border border-[var(--line)] bg-[var(--bg-elevated)] p-4 shadow-2xl sm:p-5 md:bottom-4"
      data-testid="consent-banner"
    >
      <h2 id="consent-title" className="text-base font-bold text-[var(--text-strong)]">
        {t('consent.title', { defaultValue: 'Cookies on this site' })}
      </h2>
      <p className="mt-1 text-sm leading-relaxed text-[var(--text-muted)]">
        {t('consent.text', {
          defaultValue:
            'We use necessary cookies to run the site. With your consent we also use analytics cookies to learn how the site is used and marketing cookies to measure our offers. You can change your choice at any time under Cookie settings at the bottom of the page.',
        })}
      </p>
      {choosing && (
        <fieldset className="mt-3 flex flex-col gap-2">
          {(['necessary', 'analytics', 'marketing'] as const).map((category) => {
            const [[titleKey, title], [textKey, text]] = CATEGORY_TEXT[category];
            const fixed = category === 'necessary';
            return (
              <label
                key={category}
                className="flex items-start gap-3 rounded-lg border border-[var(--line)] p-3"
              >
                <input
                  type="checkbox"
                  className="mt-1 size-4"
                  name={category}
                  checked={fixed || choice[category]}
                  disabled={fixed}
                  onChange={(event) =>
                    !fixed && setChoice((c) => ({ ...c, [category]: event.target.checked }))
                  }
                />
                <span className="flex flex-col">
                  <span className="text-sm font-semibold text-[var(--text-strong)]">
                    {t(titleKey, { defaultValue: title })}
                  </span>
                  <span className="text-xs text-[var(--text-muted)]">
                    {t(textKey, { defaultValue: text })}
                  </span>
                </span>
              </label>
            );
          })}
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => save({ analytics: true, marketing: true })}
        >
          {t('consent.acceptAll', { defaultValue: 'Accept all' })}
        </button>
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => save({ analytics: false, marketing: false })}
        >
          {t('consent.rejectAll', { defaultValue: 'Necessary only' })}
        </button>
        {choosing ? (
          <button type="button" className="btn btn-ghost" onClick={() => save(choice)}>
            {t('consent.save', { defaultValue: 'Save my choice' })}
          </button>
        ) : (
          <button type="button" className="btn btn-ghost" onClick={() => setChoosing(true)}>
            {t('consent.customise', { defaultValue: 'Choose' })}
          </button>
        )}
      </div>
    </section>
  );
}
