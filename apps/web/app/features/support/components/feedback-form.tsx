/** Support.sendFeedback: a message (and a visitor's e-mail), checked as the server checks it, rate-limited there. */
import { useEffect, useId, useState } from 'react';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import {
  feedbackFailure,
  MESSAGE_MAX,
  type TFeedbackErrors,
  type TFeedbackValues,
  validateFeedback,
} from '../lib/feedback';

const INPUT =
  'w-full rounded-lg border bg-[var(--bg)] px-3 text-base text-[var(--text-strong)] outline-none focus:border-[var(--accent)] focus:ring-2 focus:ring-[var(--accent)]/30';
const border = (error?: string) => (error ? 'border-rose-500' : 'border-[var(--line)]');

/** `playerEmail`: the signed-in player's e-mail, prefilled (once it is known, if the field is still empty). */
export function FeedbackForm({ signedIn, playerEmail = '' }: { signedIn: boolean; playerEmail?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [values, setValues] = useState<TFeedbackValues>({ email: playerEmail, message: '' });
  useEffect(() => {
    if (playerEmail) setValues((v) => (v.email ? v : { ...v, email: playerEmail }));
  }, [playerEmail]);
  const [errors, setErrors] = useState<TFeedbackErrors>({});
  const [status, setStatus] = useState<'idle' | 'sending' | 'sent' | 'tooMany' | 'failed'>('idle');

  const fieldText = (code: string | undefined) => {
    if (!code) return undefined;
    if (code === 'maxLength')
      return t('support.feedback.maxLength', {
        max: MESSAGE_MAX,
        defaultValue: 'The message may be at most {max} characters long',
      });
    return t(`common.validationErrors.${code}`, { defaultValue: 'The value is not valid' });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validateFeedback(values, signedIn);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setStatus('sending');
    try {
      await api.post('Support.sendFeedback', { message: values.message.trim(), email: values.email.trim() });
      setStatus('sent');
      setValues((v) => ({ email: signedIn ? v.email : '', message: '' }));
    } catch (error) {
      const outcome = feedbackFailure(error);
      if (outcome.kind === 'fields') {
        setErrors(outcome.errors);
        setStatus('idle');
      } else setStatus(outcome.kind);
    }
  };

  const set =
    (field: keyof TFeedbackValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="feedback-form">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium text-[var(--text-muted)]">
          {t('support.feedback.email', { defaultValue: 'Your e-mail' })}
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onChange={set('email')}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${id}-email-error` : `${id}-email-hint`}
          className={`${INPUT} h-11 ${border(errors.email)}`}
        />
        {errors.email ? (
          <p id={`${id}-email-error`} role="alert" className="text-sm text-rose-400">
            {fieldText(errors.email)}
          </p>
        ) : (
          <p id={`${id}-email-hint`} className="text-xs text-[var(--text-muted)]">
            {t('support.feedback.emailHint', { defaultValue: 'We answer at this address.' })}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={`${id}-message`} className="text-sm font-medium text-[var(--text-muted)]">
          {t('support.feedback.message', { defaultValue: 'Your message' })}
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          rows={5}
          maxLength={MESSAGE_MAX + 100}
          value={values.message}
          onChange={set('message')}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? `${id}-message-error` : undefined}
          className={`${INPUT} py-2 ${border(errors.message)}`}
        />
        {errors.message && (
          <p id={`${id}-message-error`} role="alert" className="text-sm text-rose-400">
            {fieldText(errors.message)}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="submit" className="btn btn-primary" disabled={status === 'sending'}>
          {status === 'sending'
            ? t('support.feedback.sending', { defaultValue: 'Sending…' })
            : t('support.feedback.send', { defaultValue: 'Send the message' })}
        </button>
        <p role="status" className="text-sm" data-testid="feedback-status">
          {status === 'sent' && (
            <span className="text-emerald-400">
              {t('support.feedback.sent', {
                defaultValue: 'Thank you! Your message has been sent; we will answer soon.',
              })}
            </span>
          )}
          {status === 'tooMany' && (
            <span className="text-amber-300">
              {t('support.feedback.tooMany', {
                defaultValue: 'You have sent several messages in a short time. Please wait a few minutes.',
              })}
            </span>
          )}
          {status === 'failed' && (
            <span className="text-rose-400">
              {t('support.feedback.failed', {
                defaultValue: 'The message could not be sent. Please try again.',
              })}
            </span>
          )}
        </p>
      </div>
    </form>
  );
}
