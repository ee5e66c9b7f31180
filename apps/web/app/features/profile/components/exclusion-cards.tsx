/**
 * Time-out (24 hours, 1 week, 1 month) and self-exclusion (every spec §9 period up to Permanent). Both end every
 * session at once, so a strong confirm comes first: a tick box, and for Permanent the typed word.
 */
import { SELF_EXCLUSION_PERIODS, TIME_OUT_PERIODS } from '@casino/contracts/calls/responsible-gaming';
import { useState } from 'react';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { refusalMessage } from '../../../lib/api/refusal';
import { useTranslation } from '../../../lib/i18n-lite';
import { dialogStore } from '../../../ui/dialogs';
import { toast } from '../../../ui/toasts';
import { useLocaleHref } from '../../frame/use-site';
import { PROFILE_CALLS } from '../api/profile-api';
import { Button, Card, Select } from './controls';

export const PERIOD_LABELS: Record<string, string> = {
  '24h': '24 hours',
  '1w': '1 week',
  '1m': '1 month',
  '1d': '1 day',
  '7d': '7 days',
  '30d': '30 days',
  '3m': '3 months',
  '6m': '6 months',
  '9m': '9 months',
  '1y': '1 year',
  '2y': '2 years',
  '3y': '3 years',
  '4y': '4 years',
  '5y': '5 years',
  permanent: 'Permanent',
};

export function ExclusionCards() {
  const { t } = useTranslation();
  const localeHref = useLocaleHref();
  const [timeOut, setTimeOut] = useState<string>(TIME_OUT_PERIODS[0]);
  const [exclusion, setExclusion] = useState<string>(SELF_EXCLUSION_PERIODS[0]);
  const label = (p: string) =>
    t(`profile.responsibleGame.periods.${p}`, { defaultValue: PERIOD_LABELS[p] ?? p });

  const ask = (kind: 'time_out' | 'self_exclusion', period: string) => {
    dialogStore.open({
      id: 'exclusion-confirm',
      kind: 'popup',
      size: 'small',
      title:
        kind === 'time_out'
          ? t('profile.responsibleGame.timeOut', { defaultValue: 'Take a time-out' })
          : t('profile.responsibleGame.selfExclusion', { defaultValue: 'Self-exclusion' }),
      render: (controls) => (
        <StrongConfirm
          kind={kind}
          periodLabel={label(period)}
          isPermanent={period === 'permanent'}
          onCancel={controls.close}
          onConfirm={async () => {
            if (kind === 'time_out') await api.call(PROFILE_CALLS.takeTimeOut, { period });
            else await api.call(PROFILE_CALLS.selfExclude, { period });
            // Every session has ended on the server: a full reload to the index.
            window.location.assign(localeHref(paths.home));
          }}
        />
      ),
    });
  };

  return (
    <>
      <Card
        title={t('profile.responsibleGame.timeOut', { defaultValue: 'Take a time-out' })}
        description={t('profile.responsibleGame.timeOutDescription', {
          defaultValue:
            'A short break: you cannot sign in, deposit or play until it ends, and we send you no offers.',
        })}
        testId="time-out"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Select
            label={t('profile.responsibleGame.period', { defaultValue: 'Period' })}
            value={timeOut}
            name="time-out-period"
            wrapperClassName="sm:w-56"
            options={TIME_OUT_PERIODS.map((p) => ({ value: p, label: label(p) }))}
            onValue={setTimeOut}
          />
          <Button variant="ghost" onClick={() => ask('time_out', timeOut)} data-testid="time-out-start">
            {t('profile.responsibleGame.timeOutButton', { defaultValue: 'Start time-out' })}
          </Button>
        </div>
      </Card>
      <Card
        title={t('profile.responsibleGame.selfExclusion', { defaultValue: 'Self-exclusion' })}
        description={t('profile.responsibleGame.selfExclusionDescription', {
          defaultValue:
            'Take a break: your account will be closed for the chosen period and cannot be reopened early.',
        })}
        testId="self-exclusion"
      >
        <p className="mb-3 text-sm text-[var(--text-muted)]" data-testid="exclusion-unsubscribes">
          {t('common.responsibleGaming.exclusionUnsubscribes', {
            defaultValue:
              'A self-exclusion also unsubscribes you from our mailings: once it ends, you get no offers by e-mail or SMS unless you subscribe again in your notification settings.',
          })}
        </p>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <Select
            label={t('profile.responsibleGame.period', { defaultValue: 'Period' })}
            value={exclusion}
            name="self-exclusion-period"
            wrapperClassName="sm:w-56"
            options={SELF_EXCLUSION_PERIODS.map((p) => ({ value: p, label: label(p) }))}
            onValue={setExclusion}
          />
          <Button
            variant="danger"
            onClick={() => ask('self_exclusion', exclusion)}
            data-testid="self-exclusion-start"
          >
            {t('profile.responsibleGame.selfExcludeButton', { defaultValue: 'Exclude me' })}
          </Button>
        </div>
        {exclusion === 'permanent' && (
          <p className="mt-3 text-sm text-amber-300" data-testid="permanent-note">
            {t('profile.responsibleGame.permanentNote', {
              defaultValue:
                'Permanent means your account is closed for good. You cannot undo it, and support cannot reopen it for you.',
            })}
          </p>
        )}
      </Card>
    </>
  );
}

const PERMANENT_WORD = 'PERMANENT';

function StrongConfirm({
  kind,
  periodLabel,
  isPermanent,
  onCancel,
  onConfirm,
}: {
  kind: 'time_out' | 'self_exclusion';
  periodLabel: string;
  isPermanent: boolean;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [understood, setUnderstood] = useState(false);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = understood && (!isPermanent || typed.trim().toUpperCase() === PERMANENT_WORD);
  return (
    <div className="flex flex-col gap-4" data-testid="exclusion-confirm">
      <p className="text-[var(--text-strong)]">
        {isPermanent
          ? t('profile.responsibleGame.confirmPermanent', {
              defaultValue:
                'Your account will be closed permanently. You will be signed out now and will never be able to sign in, deposit or play again. This cannot be undone.',
            })
          : t('profile.responsibleGame.confirmPeriod', {
              period: periodLabel,
              defaultValue:
                'For {period} you will not be able to sign in, deposit or play, and we will send you no offers. You will be signed out now and cannot end it early.',
            })}
      </p>
      <label className="flex items-start gap-3 text-sm text-[var(--text-strong)]">
        <input
          type="checkbox"
          className="mt-1 size-4"
          checked={understood}
          onChange={(e) => setUnderstood(e.target.checked)}
          data-testid="exclusion-understood"
        />
        {t('profile.responsibleGame.understand', { defaultValue: 'I understand and want to continue' })}
      </label>
      {isPermanent && (
        <label className="flex flex-col gap-1.5 text-sm text-[var(--text-muted)]">
          {t('profile.responsibleGame.typeWord', {
            word: PERMANENT_WORD,
            defaultValue: 'Type {word} to confirm',
          })}
          <input
            className="h-11 rounded-lg border border-[var(--line,#2a3150)] bg-[var(--bg)] px-3 text-[var(--text-strong)]"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="exclusion-word"
          />
        </label>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('common.buttons.cancel', { defaultValue: 'Cancel' })}
        </Button>
        <Button
          variant="danger"
          disabled={!ready}
          loading={busy}
          data-testid="exclusion-confirm-button"
          onClick={async () => {
            setBusy(true);
            try {
              await onConfirm();
            } catch (caught) {
              setBusy(false);
              toast.error(refusalMessage(t, caught));
            }
          }}
        >
          {kind === 'time_out'
            ? t('profile.responsibleGame.timeOutButton', { defaultValue: 'Start time-out' })
            : t('profile.responsibleGame.selfExcludeButton', { defaultValue: 'Exclude me' })}
        </Button>
      </div>
    </div>
  );
}
