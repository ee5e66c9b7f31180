/**
 * The loyalty shop's buy dialog (§2): what was bought, where it went (a bonus: on the bonus balance, or waiting in
 * the bonus queue at its place; cash: on the balance; spins: on the game; an item: delivered) and the points left.
 */
import { placementText } from '../../../lib/bonus-placement';
import { useTranslation } from '../../../lib/i18n-lite';
import type { TPlaceProps } from '../../../ui/dialogs';
import { useAccount } from '../../account/use-account';
import type { TBought } from '../api/loyalty-api';
import { Points } from '../components/loyalty-ui';

export default function BoughtDialog({
  product,
  points,
  bonus_item: bonus,
  dialog,
}: TPlaceProps<Pick<TBought, 'product' | 'points' | 'bonus_item'>>) {
  const { t } = useTranslation();
  const currency = useAccount()?.balance.currency || 'USD';
  return (
    <div className="flex flex-col items-center gap-3 p-6 text-center" data-testid="bought-dialog">
      {product.image && <img src={product.image} alt="" className="size-20 rounded-xl" />}
      <h2 className="text-xl font-bold text-[var(--text-strong)]">
        {t('loyalty.shopItems.bought', { defaultValue: 'You bought {name}', name: product.title })}
      </h2>
      <p className="text-sm text-[var(--text-muted)]" data-testid="bought-placement">
        {bonus
          ? placementText(t, bonus, currency)
          : product.type === 'item'
            ? t('loyalty.shopItems.itemNote', { defaultValue: 'Our team will contact you to deliver it.' })
            : product.type === 'freespins'
              ? t('loyalty.shopItems.spinsNote', { defaultValue: 'Your free spins are waiting on the game.' })
              : t('loyalty.shopItems.credited', { defaultValue: 'It is already on your balance.' })}
      </p>
      <p className="text-sm">
        {t('loyalty.points.left', { defaultValue: 'Points left' })}: <Points value={points} />
      </p>
      <button type="button" className="btn btn-primary w-full" onClick={dialog.close}>
        {t('loyalty.ok', { defaultValue: 'OK' })}
      </button>
    </div>
  );
}
