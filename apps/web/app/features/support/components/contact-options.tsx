/** The ways to reach support: the live chat (when one is configured), e-mail, and the message form below. */
import { useEffect, useState } from 'react';
import { chatState, onChatState, requestChatOpen, type TChatState } from '../../../lib/chat-bus';
import { useTranslation } from '../../../lib/i18n-lite';
import { Icon } from '../../../ui/icons';

/** Whether a live chat is configured (and its state), read after hydration. */
export const useChatState = () => {
  const [state, setState] = useState<TChatState>('none');
  useEffect(() => {
    setState(chatState());
    return onChatState(setState);
  }, []);
  return state;
};

export function ContactOptions({ email }: { email: string | undefined }) {
  const { t } = useTranslation();
  const chat = useChatState();
  return (
    <section aria-labelledby="contact-title" className="flex flex-col gap-3">
      <h2 id="contact-title" className="text-xl font-bold text-[var(--text-strong)]">
        {t('support.contact.title', { defaultValue: 'Contact us' })}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
        {chat !== 'none' && (
          <li className="card flex flex-col gap-2 p-4" data-testid="contact-chat">
            <p className="flex items-center gap-2 font-semibold text-[var(--text-strong)]">
              <Icon name="chat" className="size-5" />
              {t('support.contact.chat', { defaultValue: 'Live chat' })}
            </p>
            <p className="text-sm text-[var(--text-muted)]">
              {t('support.contact.chatText', { defaultValue: 'Talk to an agent right now.' })}
            </p>
            <button type="button" className="btn btn-primary self-start" onClick={requestChatOpen}>
              {t('support.contact.chatButton', { defaultValue: 'Open the chat' })}
            </button>
          </li>
        )}
        {email && (
          <li className="card flex flex-col gap-2 p-4">
            <p className="font-semibold text-[var(--text-strong)]">
              {t('support.contact.email', { defaultValue: 'E-mail' })}
            </p>
            <a className="break-all text-[var(--accent)] underline" href={`mailto:${email}`}>
              {email}
            </a>
            <p className="text-sm text-[var(--text-muted)]">
              {t('support.contact.emailText', { defaultValue: 'We answer within one working day.' })}
            </p>
          </li>
        )}
        <li className="card flex flex-col gap-2 p-4">
          <p className="font-semibold text-[var(--text-strong)]">
            {t('support.contact.form', { defaultValue: 'Message form' })}
          </p>
          <a className="text-sm text-[var(--accent)] underline" href="#feedback">
            {t('support.contact.formText', { defaultValue: 'Describe your question below.' })}
          </a>
        </li>
      </ul>
    </section>
  );
}
