/** /support: the FAQ (content, searchable), the contact options with the chat launcher, the feedback form. */
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n-lite';
import { useAccount } from '../../account/use-account';
import { useSite } from '../../frame/use-site';
import { profileInfoQuery } from '../../profile/api/profile-api';
import { faqItems } from '../lib/faq';
import { playerEmail } from '../lib/feedback';
import { ContactOptions, useChatState } from './contact-options';
import { FaqSection } from './faq-section';
import { FeedbackForm } from './feedback-form';

export function SupportPage() {
  const { t } = useTranslation();
  const site = useSite();
  const account = useAccount();
  const items = faqItems(site?.messages);
  const chat = useChatState();
  const profile = useQuery({ ...profileInfoQuery(), enabled: account !== null });
  const email = account ? playerEmail(account.login, profile.data?.contacts ?? []) : '';
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 py-8" data-testid="support-page">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-[var(--text-strong)]">
          {t('support.page.title', { defaultValue: 'Support' })}
        </h1>
        <p className="max-w-2xl text-[var(--text-muted)]">
          {chat === 'none'
            ? t('support.page.leadNoChat', {
                defaultValue:
                  'Answers to the questions players ask most. Our team answers what you write to us by e-mail or with the form below.',
              })
            : t('support.page.leadChat', {
                defaultValue:
                  'Answers to the questions players ask most, a live chat with our team, and a message form.',
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
        <FeedbackForm signedIn={account !== null} playerEmail={email} />
      </section>
    </div>
  );
}
