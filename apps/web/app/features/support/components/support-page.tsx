/** /support: the FAQ (content, searchable), the contact options with the chat launcher, the feedback form. */
import { useTranslation } from '../../../lib/i18n-lite';
import { useAccount } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import { faqItems } from '../lib/faq';
import { ContactOptions } from './contact-options';
import { FaqSection } from './faq-section';
import { FeedbackForm } from './feedback-form';

export function SupportPage() {
  const { t } = useTranslation();
  const site = useSite();
  const account = useAccount();
  const items = faqItems(site?.messages);
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 py-8" data-testid="support-page">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-[var(--text-strong)]">
          {t('support.page.title', { defaultValue: 'Support' })}
        </h1>
        <p className="max-w-2xl text-[var(--text-muted)]">
          {t('support.page.lead', {
            defaultValue:
              'Answers to the questions players ask most, and a team ready to help around the clock.',
          })}
        </p>
      </header>
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <FaqSection items={items} locale={site?.locale ?? 'en'} />
        <ContactOptions email={site?.cms.supportEmail} />
      </div>
      <section
        id="feedback"
        aria-labelledby="feedback-title"
        className="card flex max-w-2xl flex-col gap-4 p-4 sm:p-6"
      >
        <h2 id="feedback-title" className="text-xl font-bold text-[var(--text-strong)]">
          {t('support.feedback.title', { defaultValue: 'Write to us' })}
        </h2>
        <FeedbackForm signedIn={account !== null} />
      </section>
    </div>
  );
}
