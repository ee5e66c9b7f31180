/** Form parts shared by the deposit and withdrawal screens: the amount with presets, the requisites. */
import { useId } from 'react';
import { formatAmount } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPaymentMethod } from '../api/cashier-api';
import { amountParam, formatAmountInput, presetText } from '../lib/amount';
import { fieldMessage } from '../lib/messages';
import {
  formatRequisite,
  REQUISITE_LABELS,
  REQUISITE_PLACEHOLDERS,
  type TRequisiteType,
} from '../lib/requisites';

export function AmountField({
  value,
  onChange,
  error,
  currency,
  presets,
  min,
  max,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | null;
  currency: string;
  presets: number[];
  min: number;
  max: number;
  label: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-3">
      {presets.length > 0 && (
        <fieldset className="cs-presets" aria-label={t('cashier.presets', { defaultValue: 'Quick amounts' })}>
          {presets.map((preset) => (
            <button
              key={preset}
              type="button"
              className="cs-preset"
              aria-pressed={amountParam(value) === amountParam(presetText(preset))}
              onClick={() => onChange(presetText(preset))}
            >
              {presetText(preset)}
            </button>
          ))}
        </fieldset>
      )}
      <div className="field cs-amount">
        <label htmlFor={id}>{label}</label>
        <span className="cs-input-wrap">
          <input
            id={id}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            className="w-full pe-16"
            value={value}
            placeholder={presetText(min)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : `${id}-hint`}
            onChange={(event) => onChange(formatAmountInput(event.target.value))}
          />
          <span className="cs-currency">{currency}</span>
        </span>
        {error ? (
          <span id={errorId} className="field-error" role="alert">
            {fieldMessage(t, error, { min, max, currency })}
          </span>
        ) : (
          <span id={`${id}-hint`} className="cs-muted text-xs font-medium">
            {t('cashier.deposit.minMax', {
              defaultValue: 'Min {min} · Max {max}',
              min: formatAmount(min, currency),
              max: formatAmount(max, currency),
            })}
          </span>
        )}
      </div>
    </div>
  );
}

export function RequisiteFields({
  fields,
  values,
  errors,
  onChange,
}: {
  fields: TPaymentMethod['requisites'];
  values: Record<string, string>;
  errors: Record<string, string>;
  onChange: (sysname: string, value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  if (fields.length === 0) return null;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-sm font-bold text-[var(--text-strong)]">
        {t('cashier.requisites', { defaultValue: 'Payment details' })}
      </legend>
      {fields.map((field) => {
        const type = field.type as TRequisiteType;
        const inputId = `${id}-${field.sysname}`;
        const error = errors[field.sysname];
        return (
          <label key={field.sysname} className="field" htmlFor={inputId}>
            {t(`cashier.requisite.${field.sysname}`, {
              defaultValue: field.sysname === 'account_holder' ? 'Account holder' : REQUISITE_LABELS[type],
            })}
            <input
              id={inputId}
              name={`requisites[${field.sysname}]`}
              value={values[field.sysname] ?? ''}
              placeholder={REQUISITE_PLACEHOLDERS[type]}
              inputMode={type === 'card_number' ? 'numeric' : type === 'email' ? 'email' : undefined}
              autoComplete={
                type === 'card_number'
                  ? 'cc-number'
                  : type === 'card_holder'
                    ? 'cc-name'
                    : type === 'email'
                      ? 'email'
                      : 'off'
              }
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${inputId}-error` : undefined}
              onChange={(event) => onChange(field.sysname, formatRequisite(type, event.target.value))}
            />
            {error && (
              <span id={`${inputId}-error`} className="field-error" role="alert">
                {fieldMessage(t, error)}
              </span>
            )}
          </label>
        );
      })}
    </fieldset>
  );
}
