/**
 * `/cashier/deposit/{sysname}`: amount presets for the player's currency, the amount with the §5 Sum rule
 * and thousands commas, deposit offers by the §6 rule, requisites; submit opens the hosted payment page in
 * this window, a new window (`paynewwindow`) or the mobile flow (`paymobile`).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api/client';
import { unmatchedFieldsMessage } from '../../../lib/api/refusal';
import { useDeviceClass } from '../../../lib/device-class';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import { useLocaleHref, useValidators } from '../../frame/use-site';
import {
  cashierKeys,
  depositSettingsQuery,
  offersQuery,
  postMakeDeposit,
  type TDepositSettings,
  type TPaymentMethod,
} from '../api/cashier-api';
import { amountLabel, amountParam, checkAmount, presetsFor, withSiteAmount } from '../lib/amount';
import { cashierErrorMessage } from '../lib/messages';
import { NO_OFFER, offerBonus, visibleOffers } from '../lib/offers';
import { isSafePaymentUrl, payFlowFor, rememberPaymentUrl, waitingPath } from '../lib/pay-flow';
import { checkRequisite, requisiteParam, type TRequisiteType } from '../lib/requisites';
import { CashierLayout, ErrorNotice, Skeleton } from './cashier-layout';
import { DepositLimitNote } from './deposit-limit-note';
import { DepositOffers } from './deposit-offers';
import { AmountField, RequisiteFields } from './form-parts';
import { MethodLogo } from './method-logo';

export function DepositForm({ sysname }: { sysname: string }) {
  const { t } = useTranslation();
  const settings = useQuery(depositSettingsQuery());
  const { amount: siteBounds } = useValidators();
  const found = settings.data?.methods.find((m) => m.sysname === sysname);
  const method = found ? withSiteAmount(found, siteBounds) : null;
  return (
    <CashierLayout title={t('cashier.deposit.title', { defaultValue: 'Deposit' })}>
      {settings.isError && (
        <ErrorNotice>
          {t('cashier.errors.load', { defaultValue: 'The payment methods could not be loaded.' })}
        </ErrorNotice>
      )}
      {settings.isPending && <Skeleton className="h-96" />}
      {settings.data && !method && (
        <div className="empty-state py-12" role="status">
          <p>
            {t('cashier.deposit.unknownMethod', { defaultValue: 'This payment method is not available.' })}
          </p>
          <LocaleLink to={paths.cashier.deposit} className="btn btn-primary mt-2">
            {t('cashier.deposit.allMethods', { defaultValue: 'All payment methods' })}
          </LocaleLink>
        </div>
      )}
      {settings.data && method && (
        <DepositMethodForm key={method.sysname} method={method} settings={settings.data} />
      )}
    </CashierLayout>
  );
}

const withoutOffer = ({ campaign_offer_id: _offer, ...rest }: Record<string, string>) => rest;

function DepositMethodForm({ method, settings }: { method: TPaymentMethod; settings: TDepositSettings }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const device = useDeviceClass('desktop');
  const currency = settings.currency;
  const presets = presetsFor(settings.amount_presets, currency, {
    min: method.min_amount,
    max: method.max_amount,
  });
  const [amount, setAmount] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [requisites, setRequisites] = useState<Record<string, string>>({});
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const [newWindow, setNewWindow] = useState(false);
  const [offerId, setOfferId] = useState(NO_OFFER);
  const offers = useQuery(offersQuery(i18n.language));
  const shown = useMemo(
    () => visibleOffers(offers.data ?? [], { signedIn: true, method }),
    [offers.data, method],
  );
  useEffect(() => {
    if (offerId !== NO_OFFER && !shown.some((o) => o.id === offerId)) setOfferId(NO_OFFER);
  }, [shown, offerId]);

  const amountError =
    serverFields.amount ?? (submitted ? checkAmount(amount, method.min_amount, method.max_amount) : null);
  const requisiteErrors: Record<string, string> = {};
  for (const field of method.requisites) {
    const failure =
      serverFields[field.sysname] ??
      (submitted
        ? checkRequisite(field.type as TRequisiteType, requisites[field.sysname] ?? '', field.is_required)
        : null);
    if (failure) requisiteErrors[field.sysname] = failure;
  }

  const deposit = useMutation({
    mutationFn: () =>
      postMakeDeposit({
        methodId: method.id,
        method: method.sysname,
        amount: amountParam(amount),
        campaign_offer_id: offerId,
        requisites: Object.fromEntries(
          method.requisites.map((f) => [
            f.sysname,
            requisiteParam(f.type as TRequisiteType, requisites[f.sysname] ?? ''),
          ]),
        ),
      }),
    onError: (error) => {
      if (!isApiError(error, 'InvalidParameterException')) return;
      setServerFields(error.invalidParameters);
      // The offer may have ended or no longer fit the player: show the offers as they are now.
      if (error.invalidParameters.campaign_offer_id)
        void client.invalidateQueries({ queryKey: cashierKeys.offers });
    },
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    setServerFields({});
    const chosen = shown.find((o) => o.id === offerId);
    if (chosen && offerBonus(chosen, amount).kind === 'below')
      setServerFields({ campaign_offer_id: 'offerMinAmount' });
    const invalid =
      checkAmount(amount, method.min_amount, method.max_amount) ||
      (chosen && offerBonus(chosen, amount).kind === 'below') ||
      method.requisites.some((f) =>
        checkRequisite(f.type as TRequisiteType, requisites[f.sysname] ?? '', f.is_required),
      );
    if (invalid) return;
    const flow = payFlowFor({ isMobile: device === 'mobile', newWindow });
    // The window must open inside the click, before the call, or the browser blocks it.
    const popup = flow === 'new-window' ? window.open('', '_blank') : null;
    deposit.mutate(undefined, {
      onSuccess: (data) => {
        if (!isSafePaymentUrl(data.redirect_url)) {
          popup?.close();
          return;
        }
        if (flow === 'same' || (flow === 'new-window' && !popup)) {
          window.location.assign(data.redirect_url);
          return;
        }
        if (popup) popup.location.href = data.redirect_url;
        if (flow === 'mobile') rememberPaymentUrl(sessionStorage, data.transaction_id, data.redirect_url);
        navigate(localeHref(waitingPath(flow, data.transaction_id)));
      },
      onError: () => popup?.close(),
    });
  };

  const error = deposit.error;
  const businessError = !error
    ? null
    : isApiError(error, 'InvalidParameterException')
      ? unmatchedFieldsMessage(t, error.invalidParameters, [
          'amount',
          'campaign_offer_id',
          ...method.requisites.map((f) => f.sysname),
        ])
      : cashierErrorMessage(
          t,
          isApiError(error) ? error.type : 'UnknownErrorException',
          isApiError(error) ? error.data : {},
          currency,
        );

  return (
    <form className="card cs-panel flex flex-col gap-5" onSubmit={submit} noValidate>
      <div className="flex items-center gap-3">
        <MethodLogo type={method.type} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-lg font-bold text-[var(--text-strong)]">{method.name}</h2>
          <LocaleLink to={paths.cashier.deposit} className="text-sm font-semibold text-[var(--accent)]">
            {t('cashier.deposit.changeMethod', { defaultValue: 'Change method' })}
          </LocaleLink>
        </div>
      </div>
      <AmountField
        value={amount}
        onChange={(value) => {
          setAmount(value);
          // A new amount answers "below the offer's minimum" too.
          setServerFields(({ amount: _amount, ...rest }) =>
            rest.campaign_offer_id === 'offerMinAmount' ? withoutOffer(rest) : rest,
          );
        }}
        error={amountError}
        currency={currency}
        presets={presets}
        min={method.min_amount}
        max={method.max_amount}
        label={t('cashier.amount', { defaultValue: 'Amount' })}
      />
      {(shown.length > 0 || serverFields.campaign_offer_id) && (
        <DepositOffers
          offers={shown}
          selected={offerId}
          onSelect={(id) => {
            setOfferId(id);
            setServerFields(withoutOffer);
          }}
          amount={amount}
          currency={currency}
          error={serverFields.campaign_offer_id ?? null}
        />
      )}
      <RequisiteFields
        fields={method.requisites}
        values={requisites}
        errors={requisiteErrors}
        onChange={(key, value) => {
          setRequisites((old) => ({ ...old, [key]: value }));
          setServerFields(({ [key]: _gone, ...rest }) => rest);
        }}
      />
      {device !== 'mobile' && (
        <label className="flex items-center gap-2 text-sm text-[var(--text-muted)]">
          <input
            type="checkbox"
            checked={newWindow}
            onChange={(event) => setNewWindow(event.target.checked)}
            className="size-4 accent-[var(--accent)]"
          />
          {t('cashier.deposit.newWindow', { defaultValue: 'Open the payment page in a new window' })}
        </label>
      )}
      {businessError && <ErrorNotice>{businessError}</ErrorNotice>}
      <button
        type="submit"
        className="btn btn-primary btn-lg w-full"
        disabled={deposit.isPending}
        data-testid="deposit-submit"
      >
        {deposit.isPending ? <span className="spinner size-5" aria-hidden="true" /> : null}
        {t('cashier.deposit.submit', {
          defaultValue: 'Deposit {amount}',
          amount: amountLabel(amount, method.min_amount, method.max_amount, currency),
        }).trim()}
      </button>
      <DepositLimitNote limit={settings.deposit_limit} currency={currency} />
      <p className="cs-muted text-center text-xs">
        {t('cashier.deposit.secure', {
          defaultValue:
            'You will be taken to the secure page of our payment provider to confirm the payment.',
        })}
      </p>
    </form>
  );
}
