/** Logos we draw ourselves for the payment method types: a bank card, a bank building, a wallet. */
import type { TPaymentMethod } from '../api/cashier-api';

export function MethodLogo({
  type,
  className = 'cs-logo',
}: {
  type: TPaymentMethod['type'];
  className?: string;
}) {
  if (type === 'bank_transfer')
    return (
      <svg viewBox="0 0 56 36" className={className} aria-hidden="true">
        <rect width="56" height="36" rx="7" fill="#0f766e" />
        <path d="M28 7 14 13.5h28L28 7Z" fill="#ccfbf1" />
        <rect x="16" y="15" width="3" height="10" rx="1" fill="#ccfbf1" />
        <rect x="22.5" y="15" width="3" height="10" rx="1" fill="#ccfbf1" />
        <rect x="30.5" y="15" width="3" height="10" rx="1" fill="#ccfbf1" />
        <rect x="37" y="15" width="3" height="10" rx="1" fill="#ccfbf1" />
        <rect x="13" y="26.5" width="30" height="3" rx="1" fill="#ccfbf1" />
      </svg>
    );
  if (type === 'ewallet')
    return (
      <svg viewBox="0 0 56 36" className={className} aria-hidden="true">
        <rect width="56" height="36" rx="7" fill="#6d28d9" />
        <rect x="12" y="9" width="30" height="19" rx="4" fill="#ede9fe" />
        <path d="M12 13h26a4 4 0 0 1 4 4v0H12v-4Z" fill="#c4b5fd" />
        <rect x="34" y="17" width="12" height="8" rx="3" fill="#a78bfa" />
        <circle cx="39" cy="21" r="1.8" fill="#ede9fe" />
      </svg>
    );
  return (
    <svg viewBox="0 0 56 36" className={className} aria-hidden="true">
      <defs>
        <linearGradient id="cs-card" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1d4ed8" />
          <stop offset="1" stopColor="#0ea5e9" />
        </linearGradient>
      </defs>
      <rect width="56" height="36" rx="7" fill="url(#cs-card)" />
      <rect x="8" y="10" width="10" height="8" rx="2" fill="#fde68a" />
      <path d="M8 14h10M13 10v8" stroke="#b45309" strokeWidth="0.8" />
      <rect x="8" y="24" width="22" height="3" rx="1.5" fill="#dbeafe" />
      <circle cx="41" cy="24" r="5" fill="#f97316" opacity="0.9" />
      <circle cx="47" cy="24" r="5" fill="#facc15" opacity="0.85" />
    </svg>
  );
}
