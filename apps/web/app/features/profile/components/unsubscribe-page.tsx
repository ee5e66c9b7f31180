/** /unsubscribe: the signed link of a marketing mail (uid, type, token); works signed out. */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { PROFILE_CALLS } from '../api/profile-api';
import { Button } from './controls';

type TState = 'ready' | 'working' | 'done' | 'invalid';

export function UnsubscribePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const uid = search.get('uid') ?? '';
  const type = search.get('type') === 'phone' ? 'phone' : 'email';
  const token = search.get('token') ?? '';
  const [state, setState] = useState<TState>(uid && token ? 'ready' : 'invalid');
  useEffect(() => setState(uid && token ? 'ready' : 'invalid'), [uid, token]);

  const confirm = async () => {
    setState('working');
    try {
      await api.call(PROFILE_CALLS.unsubscribe, { uid, type, token });
      setState('done');
    } catch {
      setState('invalid');
    }
  };

  return (
    <section
      className="mx-auto flex max-w-lg flex-col items-center gap-4 py-16 text-center"
      data-testid="unsubscribe"
      data-state={state}
    >
      <h1 className="text-2xl font-bold text-[var(--text-strong)]">
        {t('pages.unsubscribe.header', { defaultValue: 'Unsubscribe' })}
      </h1>
      <p className="text-[var(--text-muted)]">
        {state === 'done'
          ? t('pages.unsubscribe.done', {
              defaultValue: 'You will no longer receive our news and offers. Account messages still arrive.',
            })
          : state === 'invalid'
            ? t('pages.unsubscribe.invalid', {
                defaultValue: 'This link is not valid. You can change your subscriptions in your profile.',
              })
            : t('pages.unsubscribe.description', {
                defaultValue: 'Stop receiving news and offers at this address?',
              })}
      </p>
      {(state === 'ready' || state === 'working') && (
        <Button loading={state === 'working'} onClick={confirm} data-testid="unsubscribe-confirm">
          {t('pages.unsubscribe.button', { defaultValue: 'Unsubscribe' })}
        </Button>
      )}
      {state !== 'ready' && state !== 'working' && (
        <LocaleLink to={paths.profile.notification} className="btn btn-ghost">
          {t('profile.tabs.notification', { defaultValue: 'Notifications' })}
        </LocaleLink>
      )}
    </section>
  );
}
