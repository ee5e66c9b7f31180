/**
 * Insufficient funds (games.play answered UserNeedDepositException): real mode offers the deposit page,
 * demo mode says the play money ran out.
 */
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import { dialogStore, type TDialogControls } from '../../../ui/dialogs';
import { Icon } from '../../../ui/icons';
import { LocaleLink } from '../../frame/locale-link';
import { formatAmount } from '../lib/wire';

interface TProps {
  mode: 'real' | 'demo';
  required: number;
  balance: number;
}

function InsufficientFunds({ mode, required, balance, dialog }: TProps & { dialog: TDialogControls }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col items-center gap-3 p-2 text-center" data-testid="insufficient-funds">
      <span
        aria-hidden="true"
        className="grid size-14 place-items-center rounded-full bg-[var(--surface)] text-[var(--accent)]"
      >
        <Icon name="wallet" className="size-7" />
      </span>
      <h2 id="insufficient-funds-title" className="text-xl font-bold text-[var(--text-strong)]">
        {t('games.funds.title', { defaultValue: 'Not enough funds' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {mode === 'real'
          ? t('games.funds.real', {
              defaultValue: 'This bet needs {required}; your balance is {balance}. Top up to keep playing.',
              required: formatAmount(required),
              balance: formatAmount(balance),
            })
          : t('games.funds.demo', {
              defaultValue: 'Your demo credits ran out. Lower the bet, or register to play for real.',
            })}
      </p>
      {mode === 'real' ? (
        <LocaleLink
          to={paths.cashier.deposit}
          className="btn btn-primary btn-lg w-full"
          onClick={dialog.close}
        >
          {t('header.deposit', { defaultValue: 'Deposit' })}
        </LocaleLink>
      ) : null}
      <button type="button" className="btn btn-ghost w-full" onClick={dialog.close}>
        {t('games.funds.later', { defaultValue: 'Not now' })}
      </button>
    </div>
  );
}

export const openInsufficientFunds = (props: TProps) =>
  dialogStore.open({
    id: 'game-insufficient-funds',
    kind: 'popup',
    size: 'small',
    labelledBy: 'insufficient-funds-title',
    render: (dialog) => <InsufficientFunds {...props} dialog={dialog} />,
  });
