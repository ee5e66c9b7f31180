/** The loyalty shop's insufficient-funds dialog (§2): how many points are missing and how to earn them. */
import { paths } from '../../../config/paths';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { LocaleLink } from '../../frame/locale-link';
import type { TProduct } from '../api/loyalty-api';
import { Points } from '../components/loyalty-ui';

export default function InsufficientDialog({
  product,
  points,
  dialog,
}: TPlaceProps<{ product: TProduct; points: number }>) {
  const { t } = useTranslation();
  const missing = Math.max(0, Math.round((product.price - points) * 100) / 100);
  return (
    <div className="flex flex-col items-center gap-3 p-6 text-center" data-testid="insufficient-dialog">
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('loyalty.shopItems.insufficientTitle', { defaultValue: 'Not enough points' })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]">
        {t('loyalty.shopItems.insufficientText', {
          defaultValue: 'You need {count} more points for {name}. Every real bet earns points.',
          count: missing,
          name: product.title,
        })}
      </p>
      <p className="text-sm">
        {t('loyalty.points.balance', { defaultValue: 'Your points' })}: <Points value={points} />
      </p>
      <LocaleLink to={paths.gamehall.root} className="btn btn-primary w-full" onClick={dialog.close}>
        {t('loyalty.shopItems.play', { defaultValue: 'Play and earn' })}
      </LocaleLink>
    </div>
  );
}
