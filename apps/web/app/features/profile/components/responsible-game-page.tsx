/**
 * /profile/responsible-game: deposit, loss and session-time limits, the reality-check interval, a time-out and
 * self-exclusion for every spec §9 period (a strong confirm; Permanent explained). The server enforces all of it.
 */
import {
  REALITY_CHECK_MAX_MINUTES,
  REALITY_CHECK_MIN_MINUTES,
} from '@casino/contracts/calls/responsible-gaming';
import { DEFAULT_CURRENCY } from '@casino/contracts/money';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../lib/api/browser';
import { refusalMessage } from '../../../lib/api/refusal';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { useAccount } from '../../account/use-account';
import { depositLimitQuery, PROFILE_CALLS, profileKeys, responsibleGamingQuery } from '../api/profile-api';
import { Button, Card, Notice, Select } from './controls';
import { ExclusionCards } from './exclusion-cards';
import { LimitCard } from './limit-card';

const REALITY_OPTIONS = [0, 15, 30, 45, 60, 90, 120, 180, 240].filter(
  (m) => m === 0 || (m >= REALITY_CHECK_MIN_MINUTES && m <= REALITY_CHECK_MAX_MINUTES),
);

export function ResponsibleGamePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const deposit = useQuery(depositLimitQuery());
  const settings = useQuery(responsibleGamingQuery());
  // The limits are in the player's currency.
  const currency = useAccount()?.balance?.currency || DEFAULT_CURRENCY;
  const money = (major: number | null | undefined) => formatAmount(major, currency);
  const [depositPending, setDepositPending] = useState<{
    amount: number | null;
    period: string | null;
  } | null>(null);
  const minutes = (value: number) =>
    t('profile.responsibleGame.minutesValue', { count: value, defaultValue: '{count} min' });

  return (
    <>
      {deposit.data ? (
        <LimitCard
          testId="deposit-limit"
          title={t('profile.responsibleGame.depositLimit', { defaultValue: 'Deposit limit' })}
          description={t('profile.responsibleGame.depositLimitDescription', {
            defaultValue: 'The most you can deposit in a rolling period.',
          })}
          unit="money"
          view={{
            period: deposit.data.period,
            limit: deposit.data.limit_amount,
            available: deposit.data.period !== 'none' ? money(deposit.data.available_amount) : undefined,
            pending:
              deposit.data.expired_at !== null
                ? {
                    value: depositPending?.amount != null ? money(depositPending.amount) : '',
                    period: depositPending?.period ?? null,
                    at: deposit.data.expired_at,
                  }
                : null,
          }}
          format={(v) => money(v)}
          onSave={async (period, amount) => {
            const data = await api.call(PROFILE_CALLS.setDepositLimit, { period, amount });
            setDepositPending({ amount: data.pending_amount, period: data.pending_period });
            await queryClient.invalidateQueries({ queryKey: profileKeys.depositLimit });
          }}
        />
      ) : (
        <Skeleton />
      )}
      {settings.isError && (
        <Notice tone="error">
          {t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
        </Notice>
      )}
      {settings.data && (
        <>
          <LimitCard
            testId="loss-limit"
            title={t('profile.responsibleGame.lossLimit', { defaultValue: 'Loss limit' })}
            description={t('profile.responsibleGame.lossLimitDescription', {
              defaultValue:
                'The most you can lose (stakes minus wins) in a rolling period. Play stops when it is reached.',
            })}
            unit="money"
            view={{
              period: settings.data.loss_limit.period,
              limit: settings.data.loss_limit.limit_amount,
              used: money(settings.data.loss_limit.used_amount),
              available: money(settings.data.loss_limit.available_amount),
              pending:
                settings.data.loss_limit.expired_at !== null
                  ? {
                      value: money(settings.data.loss_limit.pending_amount),
                      period: settings.data.loss_limit.pending_period,
                      at: settings.data.loss_limit.expired_at,
                    }
                  : null,
            }}
            format={(v) => money(v)}
            onSave={async (period, amount) => {
              await api.call(PROFILE_CALLS.setLossLimit, { period, amount });
              await queryClient.invalidateQueries({ queryKey: profileKeys.responsibleGaming });
            }}
          />
          <LimitCard
            testId="session-limit"
            title={t('profile.responsibleGame.sessionLimit', { defaultValue: 'Session time limit' })}
            description={t('profile.responsibleGame.sessionLimitDescription', {
              defaultValue:
                'How long you may stay signed in within a rolling period. You are signed out when it is reached.',
            })}
            unit="minutes"
            view={{
              period: settings.data.session_limit.period,
              limit: settings.data.session_limit.limit_minutes,
              used:
                settings.data.session_limit.used_minutes !== null
                  ? minutes(settings.data.session_limit.used_minutes)
                  : undefined,
              available:
                settings.data.session_limit.available_minutes !== null
                  ? minutes(settings.data.session_limit.available_minutes)
                  : undefined,
              pending:
                settings.data.session_limit.expired_at !== null
                  ? {
                      value: minutes(settings.data.session_limit.pending_minutes ?? 0),
                      period: settings.data.session_limit.pending_period,
                      at: settings.data.session_limit.expired_at,
                    }
                  : null,
            }}
            format={minutes}
            onSave={async (period, value) => {
              await api.call(PROFILE_CALLS.setSessionLimit, { period, minutes: value });
              await queryClient.invalidateQueries({ queryKey: profileKeys.responsibleGaming });
            }}
          />
          <RealityCheckCard current={settings.data.reality_check_minutes} />
          <ExclusionCards />
        </>
      )}
      {settings.isPending && <Skeleton />}
    </>
  );
}

function RealityCheckCard({ current }: { current: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [value, setValue] = useState(String(current));
  const [saving, setSaving] = useState(false);
  const options = REALITY_OPTIONS.includes(current)
    ? REALITY_OPTIONS
    : [...REALITY_OPTIONS, current].sort((a, b) => a - b);
  const save = async () => {
    setSaving(true);
    try {
      await api.call(PROFILE_CALLS.setRealityCheck, { minutes: value });
      await queryClient.invalidateQueries({ queryKey: profileKeys.responsibleGaming });
      await queryClient.invalidateQueries({ queryKey: profileKeys.sessionStats });
      toast.success(t('profile.responsibleGame.saved', { defaultValue: 'Your limit has been saved' }));
    } catch (caught) {
      toast.error(refusalMessage(t, caught));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card
      title={t('profile.responsibleGame.realityCheck', { defaultValue: 'Reality check' })}
      description={t('profile.responsibleGame.realityCheckDescription', {
        defaultValue: 'A reminder every few minutes with your session time, stakes, wins and net position.',
      })}
      testId="reality-check"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <Select
          label={t('profile.responsibleGame.every', { defaultValue: 'Remind me every' })}
          value={value}
          name="reality-check-minutes"
          wrapperClassName="sm:w-56"
          options={options.map((m) => ({
            value: String(m),
            label:
              m === 0
                ? t('profile.responsibleGame.off', { defaultValue: 'Off' })
                : t('profile.responsibleGame.minutesValue', { count: m, defaultValue: '{count} min' }),
          }))}
          onValue={setValue}
        />
        <Button
          loading={saving}
          disabled={value === String(current)}
          onClick={save}
          data-testid="reality-check-save"
        >
          {t('common.buttons.save', { defaultValue: 'Save' })}
        </Button>
      </div>
    </Card>
  );
}

function Skeleton() {
  return <div className="h-56 animate-pulse rounded-2xl bg-[var(--surface)]" aria-busy="true" />;
}
