/**
 * The header's balance: the total of spec §3 (main + bonus + betting bonus) as a button that opens what it is
 * made of. A non-modal dialog: Esc or a click outside closes it and focus goes back to the button.
 */
import type { TAccountInfo } from '@casino/contracts/calls/account';
import { DEFAULT_CURRENCY, formatMoney, toCents } from '@casino/contracts/money';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n-lite';
import { formatTotalBalance } from './balance';

type TPart = { key: string; fallback: string; amount: number; testId: string };

const partsOf = (account: TAccountInfo): TPart[] => [
  { key: 'header.balances.main', fallback: 'Real money', amount: account.balance.amount, testId: 'main' },
  {
    key: 'header.balances.bonus',
    fallback: 'Casino bonus',
    amount: account.bonus_balance.amount,
    testId: 'bonus',
  },
  {
    key: 'header.balances.bettingBonus',
    fallback: 'Sports bonus',
    amount: account.betting_bonus_balance.amount,
    testId: 'betting-bonus',
  },
];

export function BalanceBreakdown({ account }: { account: TAccountInfo }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const currency = account.balance.currency || DEFAULT_CURRENCY;

  useEffect(() => {
    if (!isOpen) return;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        className="balance-total"
        aria-expanded={isOpen}
        aria-controls={`${id}-panel`}
        aria-haspopup="dialog"
        aria-label={t('header.balances.open', {
          defaultValue: 'Balance {amount}: what it is made of',
          amount: formatTotalBalance(account),
        })}
        onClick={() => setOpen((open) => !open)}
      >
        <span className="tabular-nums" data-testid="balance">
          {formatTotalBalance(account)}
        </span>
      </button>
      {isOpen && (
        <div
          ref={panel}
          id={`${id}-panel`}
          role="dialog"
          aria-labelledby={`${id}-title`}
          tabIndex={-1}
          className="menu-panel balance-panel"
          data-testid="balance-breakdown"
          onBlur={(event) => {
            if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
          }}
        >
          <h2 id={`${id}-title`} className="text-sm font-bold text-[var(--text-strong)]">
            {t('header.balances.title', { defaultValue: 'Your balance' })}
          </h2>
          <dl className="mt-2 flex flex-col gap-1 text-sm">
            {partsOf(account).map((part) => (
              <div key={part.testId} className="balance-row" data-testid={`balance-${part.testId}`}>
                <dt>{t(part.key, { defaultValue: part.fallback })}</dt>
                <dd className="tabular-nums">{formatMoney(toCents(part.amount), currency)}</dd>
              </div>
            ))}
            <div className="balance-row balance-row-total">
              <dt>{t('header.balances.total', { defaultValue: 'Total' })}</dt>
              <dd className="tabular-nums">{formatTotalBalance(account)}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-[var(--text-muted)]">
            {t('header.balances.note', {
              defaultValue:
                'Bets are paid from real money first, then from bonus money. Only real money can be withdrawn.',
            })}
          </p>
        </div>
      )}
    </div>
  );
}
