/**
 * `/cashier/withdraw`: from the main balance only. Requisites checked in the browser with the §5 rules;
 * the §8 buttons for an unconfirmed contact and for identity verification (with Sumsub, its flow opens at once on
 * SumsubVerificationRequiredException); the limit errors; the
 * withdrawals still waiting for approval, each cancellable. A withdrawal that would cost a bonus
 * (invalid_parameters.burn_bonuses = 'required') asks first in the burn-bonuses confirm of spec §2, saying how
 * much bonus money would be lost, and is sent again with burn_bonuses=1 when the player agrees. The bonus is paused
 * while the withdrawal waits, lost when it is paid, back when it is cancelled or declined (docs/decisions/049): the
 * page, the confirm and the toasts say so.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api/client';
import { unmatchedFieldsMessage } from '../../../lib/api/refusal';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import { DIALOG_PLACES, dialogStore } from '../../../ui/dialogs';
import { toast } from '../../../ui/toasts';
import { useValidators } from '../../frame/use-site';
import { openVerificationDialog } from '../../profile/dialogs/profile-places';
import {
  cashierKeys,
  postMakeWithdrawal,
  type TPaymentMethod,
  type TWithdrawSettings,
  withdrawSettingsQuery,
} from '../api/cashier-api';
import { amountLabel, amountParam, checkAmount, withSiteAmount } from '../lib/amount';
import { cashierErrorMessage } from '../lib/messages';
import { checkRequisite, requisiteParam, type TRequisiteType } from '../lib/requisites';
import { gateOfError, gatesOfSettings } from '../lib/withdraw-gates';
import { CashierLayout, ErrorNotice, Skeleton } from './cashier-layout';
import { AmountField, RequisiteFields } from './form-parts';
import { MethodLogo } from './method-logo';
import { PendingWithdrawals } from './pending-withdrawals';
import { GateNotice, RefusalNotice } from './withdraw-gate';

export function WithdrawPage() {
  const { t } = useTranslation();
  const settings = useQuery(withdrawSettingsQuery());
  return (
    <CashierLayout title={t('cashier.withdraw.title', { defaultValue: 'Withdraw' })}>
      {settings.isError && (
        <ErrorNotice>
          {t('cashier.errors.load', { defaultValue: 'The payment methods could not be loaded.' })}
        </ErrorNotice>
      )}
      {settings.isPending && <Skeleton className="h-96" />}
      {settings.data && <WithdrawForm settings={settings.data} />}
      <PendingWithdrawals />
    </CashierLayout>
  );
}

function WithdrawForm({ settings: answered }: { settings: TWithdrawSettings }) {
  const { t } = useTranslation();
  // The methods' limits narrowed by the operator's site-wide amount bounds (spec §3 validator config `amount`).
  const { amount: siteBounds } = useValidators();
  const settings = { ...answered, methods: answered.methods.map((m) => withSiteAmount(m, siteBounds)) };
  const client = useQueryClient();
  const currency = settings.currency;
  const [methodId, setMethodId] = useState(settings.methods[0]?.id ?? 0);
  const method: TPaymentMethod | undefined = settings.methods.find((m) => m.id === methodId);
  const [amount, setAmount] = useState('');
  const [requisites, setRequisites] = useState<Record<string, string>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const max = method
    ? Math.min(method.max_amount, Math.max(settings.available_amount, method.min_amount))
    : 0;

  const withdraw = useMutation({
    mutationFn: ({ method: m, burn }: { method: TPaymentMethod; burn?: boolean }) =>
      postMakeWithdrawal({
        methodId: m.id,
        method: m.sysname,
        amount: amountParam(amount),
        requisites: Object.fromEntries(
          m.requisites.map((f) => [
            f.sysname,
            requisiteParam(f.type as TRequisiteType, requisites[f.sysname] ?? ''),
          ]),
        ),
        ...(burn ? { burn_bonuses: '1' as const } : {}),
      }),
    onSuccess: (data) => {
      const amount = formatAmount(data.amount, data.currency);
      toast.show({
        type: 'success',
        message:
          data.bonus_held > 0
            ? t('cashier.withdraw.requestedBonusPaused', {
                defaultValue:
                  'Withdrawal of {amount} requested. It is held until our team approves it, and your bonus ({bonus}) is paused until then.',
                amount,
                bonus: formatAmount(data.bonus_held, data.currency),
              })
            : t('cashier.withdraw.requested', {
                defaultValue: 'Withdrawal of {amount} requested. It is held until our team approves it.',
                amount,
              }),
      });
      setAmount('');
      setSubmitted(false);
      void client.invalidateQueries({ queryKey: cashierKeys.all });
    },
    onError: (error, { method: m }) => {
      if (
        isApiError(error, 'InvalidParameterException') &&
        error.invalidParameters.burn_bonuses === 'required'
      ) {
        const lost = formatAmount(Number(error.data.burn_amount ?? 0), currency);
        dialogStore.open({
          ...DIALOG_PLACES['burn-bonuses-confirm'],
          id: 'burn-bonuses-confirm',
          title: t('popups.confirm.burnBonusesTitle', { defaultValue: 'Withdraw and give up your bonus?' }),
          confirm: {
            content: (
              <span data-testid="burn-bonuses-confirm">
                {t('popups.confirm.burnBonusesDescription', {
                  defaultValue:
                    'Your bonus is paused while the withdrawal waits for approval, and lost when it is paid. If you cancel the withdrawal or we decline it, the bonus comes back, unless it has expired by then.',
                })}{' '}
                <strong className="text-[var(--text-strong)]">
                  {t('popups.confirm.burnBonusesAmount', {
                    defaultValue: 'You lose {amount} of bonus money if the withdrawal is paid.',
                    amount: lost,
                  })}
                </strong>
              </span>
            ),
            agreeText: t('popups.confirm.agree', { defaultValue: 'Yes, continue' }),
            rejectText: t('popups.confirm.reject', { defaultValue: 'Cancel' }),
            onAgree: async () => {
              await withdraw.mutateAsync({ method: m, burn: true }).catch(() => undefined);
            },
          },
        });
        return;
      }
      if (isApiError(error, 'InvalidParameterException')) setServerFields(error.invalidParameters);
      // Sumsub verifies this site: its flow opens over the form, the token bound to this withdrawal's purpose.
      if (isApiError(error, 'SumsubVerificationRequiredException')) openVerificationDialog('withdrawal');
    },
  });

  if (!method)
    return (
      <div className="empty-state py-12" role="status">
        {t('cashier.withdraw.noMethods', { defaultValue: 'No withdrawal methods are available.' })}
      </div>
    );

  const amountError = serverFields.amount ?? (submitted ? checkAmount(amount, method.min_amount, max) : null);
  const requisiteErrors: Record<string, string> = {};
  for (const field of method.requisites) {
    const failure =
      serverFields[field.sysname] ??
      (submitted
        ? checkRequisite(field.type as TRequisiteType, requisites[field.sysname] ?? '', field.is_required)
        : null);
    if (failure) requisiteErrors[field.sysname] = failure;
  }
  const typed = Number(amountParam(amount));
  const gates = gatesOfSettings(settings, Number.isFinite(typed) && amount ? typed : null);
  // The burn-bonuses refusal is a question, asked in its confirm: not an error under the form.
  const error =
    isApiError(withdraw.error, 'InvalidParameterException') &&
    withdraw.error.invalidParameters.burn_bonuses === 'required'
      ? null
      : withdraw.error;
  const errorGate = error && isApiError(error) ? gateOfError(error.type, error.data) : null;
  // A refusal with a §8 button says it once, beside the submit: the standing notice of that kind steps aside.
  const standingGates = errorGate ? gates.filter((g) => g.kind !== errorGate.kind) : gates;
  const refusal = !error
    ? null
    : isApiError(error, 'InvalidParameterException')
      ? unmatchedFieldsMessage(t, error.invalidParameters, [
          'amount',
          ...method.requisites.map((f) => f.sysname),
        ])
      : cashierErrorMessage(
          t,
          isApiError(error) ? error.type : '',
          isApiError(error) ? error.data : {},
          currency,
        );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerFields({});
    const invalid =
      checkAmount(amount, method.min_amount, max) ||
      method.requisites.some((f) =>
        checkRequisite(f.type as TRequisiteType, requisites[f.sysname] ?? '', f.is_required),
      );
    if (!invalid) withdraw.mutate({ method });
  };

  return (
    <form className="card cs-panel flex flex-col gap-5" onSubmit={submit} noValidate>
      <div className="cs-tile cs-total">
        <span className="cs-label">
          {t('cashier.withdraw.available', { defaultValue: 'Available to withdraw' })}
        </span>
        <span
          className="text-2xl font-black tabular-nums text-[var(--text-strong)]"
          data-testid="withdrawable"
        >
          {formatAmount(settings.available_amount, currency)}
        </span>
        <BonusAtStake settings={settings} />
      </div>
      {standingGates.map((gate) => (
        <GateNotice key={gate.kind} gate={gate} />
      ))}
      <fieldset
        aria-label={t('cashier.withdraw.method', { defaultValue: 'Withdrawal method' })}
        className="cs-method-grid"
      >
        {settings.methods.map((m) => (
          <button
            key={m.id}
            type="button"
            aria-pressed={m.id === method.id}
            className="cs-method"
            onClick={() => {
              setMethodId(m.id);
              setRequisites({});
              setServerFields({});
              setSubmitted(false);
            }}
            data-testid={`withdraw-method-${m.sysname}`}
          >
            <MethodLogo type={m.type} />
            <span className="cs-method-text">
              <span className="font-bold text-[var(--text-strong)]">{m.name}</span>
              <span className="cs-muted text-xs tabular-nums">
                {formatAmount(m.min_amount, currency)} – {formatAmount(m.max_amount, currency)}
              </span>
            </span>
          </button>
        ))}
      </fieldset>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          setServerFields(({ amount: _a, ...rest }) => rest);
        }}
        error={amountError}
        currency={currency}
        presets={[]}
        min={method.min_amount}
        max={max}
        label={t('cashier.amount', { defaultValue: 'Amount' })}
      />
      <RequisiteFields
        fields={method.requisites}
        values={requisites}
        errors={requisiteErrors}
        onChange={(key, value) => {
          setRequisites((old) => ({ ...old, [key]: value }));
          setServerFields(({ [key]: _gone, ...rest }) => rest);
        }}
      />
      {refusal && <RefusalNotice message={refusal} gate={errorGate} />}
      <button
        type="submit"
        className="btn btn-primary btn-lg w-full"
        disabled={withdraw.isPending}
        data-testid="withdraw-submit"
      >
        {withdraw.isPending && <span className="spinner size-5" aria-hidden="true" />}
        {t('cashier.withdraw.submit', {
          defaultValue: 'Withdraw {amount}',
          amount: amountLabel(amount, method.min_amount, max, currency),
        }).trim()}
      </button>
      <dl
        className="text-sm"
        aria-label={t('cashier.withdraw.limits', { defaultValue: 'Withdrawal limits' })}
      >
        <div className="cs-row">
          <dt>{t('cashier.withdraw.perDay', { defaultValue: 'Daily limit' })}</dt>
          <dd>
            {t('cashier.withdraw.left', {
              defaultValue: '{left} left of {limit}',
              left: formatAmount(settings.limits.available_today, currency),
              limit: formatAmount(settings.limits.per_day, currency),
            })}
          </dd>
        </div>
        <div className="cs-row">
          <dt>{t('cashier.withdraw.perWeek', { defaultValue: 'Weekly limit' })}</dt>
          <dd>
            {t('cashier.withdraw.left', {
              defaultValue: '{left} left of {limit}',
              left: formatAmount(settings.limits.available_this_week, currency),
              limit: formatAmount(settings.limits.per_week, currency),
            })}
          </dd>
        </div>
        {!settings.is_verified && (
          <div className="cs-row">
            <dt>{t('cashier.withdraw.kycThreshold', { defaultValue: 'Without verification' })}</dt>
            <dd>
              {t('cashier.withdraw.upTo', {
                defaultValue: 'up to {amount}',
                amount: formatAmount(settings.kyc_threshold, currency),
              })}
            </dd>
          </div>
        )}
      </dl>
    </form>
  );
}

/** What a withdrawal does to the player's bonus, or that bonus money stays when there is none at stake. */
function BonusAtStake({ settings }: { settings: TWithdrawSettings }) {
  const { t } = useTranslation();
  const { active, held } = settings.bonus_at_stake;
  return (
    <span className="cs-muted text-xs" data-testid="withdraw-bonus-note">
      {active > 0
        ? t('cashier.withdraw.bonusAtStake', {
            defaultValue:
              'A withdrawal pauses your bonus ({amount}) until it is settled: if it is paid, the bonus is lost; if you cancel it or we decline it, the bonus comes back, unless it has expired by then.',
            amount: formatAmount(active + held, settings.currency),
          })
        : held > 0
          ? t('cashier.withdraw.bonusHeldToo', {
              defaultValue:
                'Your paused bonus ({amount}) is lost if a pending withdrawal, or a new one, is paid.',
              amount: formatAmount(held, settings.currency),
            })
          : t('cashier.withdraw.mainOnly', {
              defaultValue: 'Only the main balance can be withdrawn; bonus money stays to be wagered.',
            })}
    </span>
  );
}
