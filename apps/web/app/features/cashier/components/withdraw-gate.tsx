/**
 * The §8 button of the withdrawal screen (a link, shown when the show flag says so): as a standing notice from
 * the settings, and inside the refusal the server gave to a submit, next to the submit button.
 */
import type { TFunction } from '../../../lib/i18n-lite';
import { useTranslation } from '../../../lib/i18n-lite';
import { LocaleLink } from '../../frame/locale-link';
import type { TGate } from '../lib/withdraw-gates';

const gateText = (t: TFunction, kind: TGate['kind']) =>
  kind === 'confirm-contact'
    ? t('cashier.errors.confirmContact', {
        defaultValue: 'Confirm your e-mail or phone before you withdraw.',
      })
    : t('cashier.errors.kyc', { defaultValue: 'Verify your identity to withdraw this amount.' });

function GateLink({ gate }: { gate: TGate }) {
  const { t } = useTranslation();
  return (
    <LocaleLink to={gate.link} className="btn btn-primary btn-compact shrink-0" data-testid="gate-link">
      {gate.kind === 'confirm-contact'
        ? t('cashier.withdraw.confirmContact', { defaultValue: 'Confirm contact' })
        : t('cashier.withdraw.verify', { defaultValue: 'Verify identity' })}
    </LocaleLink>
  );
}

export function GateNotice({ gate }: { gate: TGate }) {
  const { t } = useTranslation();
  if (!gate.show) return null;
  return (
    <div className="cs-notice" data-testid={`gate-${gate.kind}`}>
      <p className="flex-1">{gateText(t, gate.kind)}</p>
      <GateLink gate={gate} />
    </div>
  );
}

/** What the server refused, said where the player's eyes are after the click. */
export function RefusalNotice({ message, gate }: { message: string; gate: TGate | null }) {
  return (
    <div role="alert" className="cs-notice cs-notice-error" data-testid="withdraw-refusal">
      <p className="flex-1">{message}</p>
      {gate?.show && <GateLink gate={gate} />}
    </div>
  );
}
