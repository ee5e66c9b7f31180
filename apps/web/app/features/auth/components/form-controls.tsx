/** The popup's form controls: labelled fields with their error, a password eye, checkboxes, the submit. */
import { stripEmoji } from '@casino/contracts/validation';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n-lite';

export const INPUT =
  'h-12 w-full rounded-lg border bg-[var(--color-input,#0f1320)] px-3.5 text-base text-[var(--color-text,#f3f4f8)] placeholder:text-[var(--color-text-faint,#6b7189)] outline-none transition focus:border-[var(--color-accent,#f5b400)] focus:ring-2 focus:ring-[var(--color-accent,#f5b400)]/30';
export const BORDER_OK = 'border-white/12';
export const BORDER_ERROR = 'border-rose-500';

/** Emoji are stripped from every input as the player types (spec §5). */
const withoutEmoji = (registration: UseFormRegisterReturn): UseFormRegisterReturn => ({
  ...registration,
  onChange: (event) => {
    const target = event.target as HTMLInputElement;
    const clean = stripEmoji(target.value);
    if (clean !== target.value) target.value = clean;
    return registration.onChange(event);
  },
});

interface TFieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string;
}

export function FieldShell({ id, label, error, hint, children, className = '' }: TFieldShellProps) {
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-[var(--color-text-muted,#c4c8d6)]">
        {label}
      </label>
      {children}
      {hint}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TTextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'name'> & {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  trailing?: ReactNode;
  hint?: ReactNode;
  wrapperClassName?: string;
};

export function TextField({
  label,
  registration,
  error,
  trailing,
  hint,
  wrapperClassName,
  ...input
}: TTextFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={wrapperClassName}>
      <div className="relative">
        <input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT} ${error ? BORDER_ERROR : BORDER_OK} ${trailing ? 'pe-12' : ''}`}
          {...input}
          {...withoutEmoji(registration)}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-2">{trailing}</div>}
      </div>
    </FieldShell>
  );
}

export function PasswordField(props: Omit<TTextFieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [isVisible, setIsVisible] = useState(false);
  const label = isVisible
    ? t('auth.login.hidePassword', { defaultValue: 'Hide password' })
    : t('auth.login.showPassword', { defaultValue: 'Show password' });
  return (
    <TextField
      {...props}
      type={isVisible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          aria-label={label}
          aria-pressed={isVisible}
          onClick={() => setIsVisible((v) => !v)}
          className="grid size-9 place-items-center rounded-md text-[var(--color-text-muted,#9aa0b4)] hover:text-[var(--color-text,#fff)]"
        >
          <svg
            viewBox="0 0 24 24"
            className="size-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
            <circle cx="12" cy="12" r="3" />
            {!isVisible && <path d="M4 4l16 16" strokeLinecap="round" />}
          </svg>
        </button>
      }
    />
  );
}

type TSelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name'> & {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string | undefined;
  /** Spec §5: a select gets an empty option added or removed depending on the empty-option setting. */
  emptyOption?: string | undefined;
  wrapperClassName?: string;
};

export function SelectField({
  label,
  registration,
  options,
  error,
  emptyOption,
  wrapperClassName,
  ...select
}: TSelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={wrapperClassName}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${INPUT} ${error ? BORDER_ERROR : BORDER_OK} appearance-none`}
        {...select}
        {...registration}
      >
        {emptyOption !== undefined && <option value="">{emptyOption}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

export function Checkbox({
  label,
  registration,
  error,
}: {
  label: ReactNode;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-start gap-2.5">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`mt-0.5 size-5 shrink-0 accent-[var(--color-accent,#f5b400)] ${error ? 'outline outline-2 outline-rose-500' : ''}`}
          {...registration}
        />
        <label htmlFor={id} className="text-sm leading-5 text-[var(--color-text-muted,#c4c8d6)]">
          {label}
        </label>
      </div>
      {error && (
        <p id={`${id}-error`} className="ps-7 text-sm text-rose-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

export function SubmitButton({
  children,
  isLoading,
  disabled,
}: {
  children: ReactNode;
  isLoading: boolean;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={disabled || isLoading}
      aria-busy={isLoading}
      className="relative flex h-12 w-full items-center justify-center gap-2 rounded-lg bg-[var(--color-accent,#f5b400)] px-5 text-base font-semibold text-[var(--color-accent-contrast,#14161f)] transition hover:brightness-110 disabled:cursor-not-allowed disabled:opacity-60"
    >
      {isLoading && <Spinner />}
      {children}
    </button>
  );
}

export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`inline-block animate-spin rounded-full border-2 border-current border-t-transparent ${className}`}
    />
  );
}

export function ErrorNotice({ children }: { children: ReactNode }) {
  return (
    <div
      role="alert"
      className="rounded-lg border border-rose-500/40 bg-rose-500/10 px-3.5 py-2.5 text-sm text-rose-200"
    >
      {children}
    </div>
  );
}

export function LinkButton({ children, onClick }: { children: ReactNode; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="font-medium text-[var(--color-accent,#f5b400)] underline-offset-2 hover:underline"
    >
      {children}
    </button>
  );
}
