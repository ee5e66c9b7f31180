/**
 * One limit of the responsible-gaming page (deposit, loss or session time): period 1, 7, 14 or 30 days or none,
 * and an amount (or minutes). Shows the limit in force, what is left, and a pending looser change with the time
 * it applies (a decrease is immediate; an increase or a removal waits 24 hours).
 */
import * as rules from '@casino/contracts/validation';
import { type FormEvent, useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { refusalMessage } from '../../../lib/api/refusal';
import { formatDateTime } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { profileFieldMessage } from '../lib/messages';
import { Button, Card, Input, Notice, Select } from './controls';

export const LIMIT_PERIODS = ['1', '7', '14', '30'] as const;

export interface TLimitView {
  period: string;
  limit: number | null;
  /** What is left in the period, already formatted. */
  available?: string | undefined;
  used?: string | undefined;
  pending: { value: string; period: string | null; at: number } | null;
}

export function LimitCard({
  title,
  description,
  unit,
  view,
  format,
  onSave,
  testId,
}: {
  title: string;
  description: string;
  unit: 'money' | 'minutes';
  view: TLimitView;
  format: (value: number) => string;
  onSave: (period: string, value: string) => Promise<void>;
  testId: string;
}) {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(view.period === 'none' ? '1' : view.period);
  const [value, setValue] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const periodLabel = (p: string) =>
    p === 'none'
      ? t('profile.responsibleGame.periodNone', { defaultValue: 'No limit' })
      : t(`profile.responsibleGame.period${p}`, {
          count: Number(p),
          defaultValue: p === '1' ? '1 day' : `${p} days`,
        });

  const save = async (remove: boolean) => {
    if (!remove) {
      const code =
        unit === 'money'
          ? rules.sum(1, 1_000_000_000)(value)
          : /^\d+$/.test(value.trim()) && Number(value) >= 1 && Number(value) <= 43_200
            ? null
            : value.trim() === ''
              ? 'requiredField'
              : 'wrongField';
      if (code)
        return setError(
          code === 'sumError'
            ? t('profile.responsibleGame.minOne', { defaultValue: 'Enter an amount of at least 1' })
            : profileFieldMessage(t, code),
        );
    }
    setSaving(true);
    try {
      await onSave(remove ? 'none' : period, remove ? '' : value.replace(/,/g, '').trim());
      setValue('');
      toast.success(t('profile.responsibleGame.saved', { defaultValue: 'Your limit has been saved' }));
    } catch (caught) {
      if (isApiError(caught, 'InvalidParameterException')) {
        const code = Object.values(caught.invalidParameters)[0] ?? 'wrongField';
        setError(profileFieldMessage(t, code));
      } else setError(refusalMessage(t, caught));
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(false);
  };

  return (
    <Card title={title} description={description} testId={testId}>
      <dl className="mb-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        <div className="rounded-xl bg-black/15 p-3">
          <dt className="text-[var(--text-muted)]">
            {t('profile.responsibleGame.current', { defaultValue: 'Current limit' })}
          </dt>
          <dd className="mt-1 font-semibold text-[var(--text-strong)]" data-testid={`${testId}-current`}>
            {view.period === 'none' || view.limit === null
              ? t('profile.responsibleGame.periodNone', { defaultValue: 'No limit' })
              : `${format(view.limit)} / ${periodLabel(view.period)}`}
          </dd>
        </div>
        {view.used !== undefined && view.period !== 'none' && (
          <div className="rounded-xl bg-black/15 p-3">
            <dt className="text-[var(--text-muted)]">
              {t('profile.responsibleGame.used', { defaultValue: 'Used' })}
            </dt>
            <dd className="mt-1 font-semibold text-[var(--text-strong)]">{view.used}</dd>
          </div>
        )}
        {view.available !== undefined && view.period !== 'none' && (
          <div className="rounded-xl bg-black/15 p-3">
            <dt className="text-[var(--text-muted)]">
              {t('profile.responsibleGame.left', { defaultValue: 'Left' })}
            </dt>
            <dd className="mt-1 font-semibold text-[var(--text-strong)]">{view.available}</dd>
          </div>
        )}
      </dl>
      {view.pending && (
        <div className="mb-4">
          <Notice tone="warning">
            <span data-testid={`${testId}-pending`}>
              {t('profile.responsibleGame.pending', {
                value: view.pending.period === 'none' ? periodLabel('none') : view.pending.value,
                at: formatDateTime(view.pending.at),
                defaultValue: 'Change to {value} applies on {at}.',
              })}
            </span>
          </Notice>
        </div>
      )}
      <form
        noValidate
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_minmax(0,1fr)_auto] sm:items-start"
      >
        <Select
          label={t('profile.responsibleGame.period', { defaultValue: 'Period' })}
          value={period}
          name={`${testId}-period`}
          options={LIMIT_PERIODS.map((p) => ({ value: p, label: periodLabel(p) }))}
          onValue={setPeriod}
        />
        <Input
          label={
            unit === 'money'
              ? t('profile.responsibleGame.amount', { defaultValue: 'Amount (USD)' })
              : t('profile.responsibleGame.minutes', { defaultValue: 'Minutes' })
          }
          value={value}
          name={`${testId}-value`}
          inputMode={unit === 'money' ? 'decimal' : 'numeric'}
          error={error}
          onValue={(v) => {
            setValue(v);
            setError('');
          }}
        />
        <div className="flex gap-2 sm:pt-7">
          <Button type="submit" loading={saving} data-testid={`${testId}-save`}>
            {t('profile.responsibleGame.set', { defaultValue: 'Set limit' })}
          </Button>
          {view.period !== 'none' && (
            <Button variant="ghost" disabled={saving} onClick={() => void save(true)}>
              {t('profile.responsibleGame.remove', { defaultValue: 'Remove' })}
            </Button>
          )}
        </div>
      </form>
      <p className="mt-3 text-xs text-[var(--text-muted)]">
        {t('profile.responsibleGame.rule', {
          defaultValue: 'A lower limit applies at once. A higher limit or a removal applies after 24 hours.',
        })}
      </p>
    </Card>
  );
}
