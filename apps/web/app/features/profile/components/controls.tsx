/** The profile pages' form controls: labelled inputs with their error, selects, cards and buttons. */
import { stripEmoji } from '@casino/contracts/validation';
import { type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, useId } from 'react';

export const INPUT_CLASS =
  'h-11 w-full rounded-lg border bg-[var(--bg)] px-3 text-base text-[var(--text-strong)] outline-none transition placeholder:text-[var(--text-muted)]/60 focus:border-[var(--accent)] focus:ring-2 focus:ring-[var(--accent)]/30 disabled:opacity-60';
const borderOf = (error?: string) => (error ? 'border-rose-500' : 'border-[var(--line,#2a3150)]');

interface TShellProps {
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
  className?: string | undefined;
}

export function FieldShell({ id, label, error, hint, children, className = '' }: TShellProps) {
  return (
    <div className={`flex min-w-0 flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-[var(--text-muted)]">
        {label}
      </label>
      {children}
      {hint && !error && <p className="text-xs text-[var(--text-muted)]">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-rose-400" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type TInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
  trailing?: ReactNode;
  wrapperClassName?: string;
};

/** A text input; emoji are stripped as the player types (spec §5). */
export function Input({
  label,
  value,
  onValue,
  error,
  hint,
  trailing,
  wrapperClassName,
  ...input
}: TInputProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint} className={wrapperClassName}>
      <div className="relative">
        <input
          id={id}
          value={value}
          onChange={(event) => onValue(stripEmoji(event.target.value))}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${INPUT_CLASS} ${borderOf(error)} ${trailing ? 'pe-28' : ''}`}
          {...input}
        />
        {trailing && <div className="absolute inset-y-0 end-0 flex items-center pe-1.5">{trailing}</div>}
      </div>
    </FieldShell>
  );
}

type TSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange' | 'value'> & {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  options: readonly { value: string; label: string }[];
  error?: string | undefined;
  /** An empty first option (spec §5: added or removed by the empty-option setting). */
  emptyOption?: string;
  wrapperClassName?: string;
};

export function Select({
  label,
  value,
  onValue,
  options,
  error,
  emptyOption,
  wrapperClassName,
  ...select
}: TSelectProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} className={wrapperClassName}>
      <select
        id={id}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={error ? true : undefined}
        className={`${INPUT_CLASS} ${borderOf(error)}`}
        {...select}
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

export function Card({
  title,
  description,
  children,
  className = '',
  testId,
}: {
  title?: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  testId?: string;
}) {
  return (
    <section
      className={`rounded-2xl border border-[var(--line,#2a3150)] bg-[var(--surface)] p-4 sm:p-6 ${className}`}
      data-testid={testId}
    >
      {title && <h2 className="text-lg font-bold text-[var(--text-strong)]">{title}</h2>}
      {description && <p className="mt-1 text-sm text-[var(--text-muted)]">{description}</p>}
      <div className={title || description ? 'mt-4' : ''}>{children}</div>
    </section>
  );
}

export function Button({
  children,
  loading = false,
  variant = 'primary',
  className = '',
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement> & {
  loading?: boolean;
  variant?: 'primary' | 'ghost' | 'danger';
}) {
  const look =
    variant === 'primary' ? 'btn-primary' : variant === 'danger' ? 'bg-rose-600 text-white' : 'btn-ghost';
  return (
    <button
      type="button"
      className={`btn ${look} ${className}`}
      disabled={loading || button.disabled}
      aria-busy={loading || undefined}
      {...button}
    >
      {loading && (
        <span
          aria-hidden="true"
          className="me-2 inline-block size-4 animate-spin rounded-full border-2 border-current/30 border-t-current"
        />
      )}
      {children}
    </button>
  );
}

export function Notice({
  tone = 'info',
  children,
}: {
  tone?: 'info' | 'success' | 'warning' | 'error';
  children: ReactNode;
}) {
  const colour = {
    info: 'border-sky-500/40 bg-sky-500/10 text-[var(--text-strong)]',
    success: 'border-emerald-500/40 bg-emerald-500/10 text-[var(--text-strong)]',
    warning: 'border-amber-500/40 bg-amber-500/10 text-[var(--text-strong)]',
    error: 'border-rose-500/40 bg-rose-500/10 text-[var(--text-strong)]',
  }[tone];
  return (
    <div
      className={`rounded-xl border px-4 py-3 text-sm ${colour}`}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {children}
    </div>
  );
}
