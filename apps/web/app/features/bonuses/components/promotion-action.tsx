/**
 * How to take a promotion: a deposit offer leads to the deposit page (a visitor registers first); a promo code is
 * activated at once for a player (the promo activated popup follows) or carried into the registration form for a
 * visitor (`?promo_code=` and `show_popup_reg=1`, spec §2, §3 Promo code form).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { api } from '../../../lib/api/browser';
import { isApiError } from '../../../lib/api/client';
import { placementText } from '../../../lib/bonus-placement';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { useAccount } from '../../account/use-account';
import { useLocaleHref } from '../../frame/use-site';
import { BONUS_CALLS, bonusKeys, type TPromotion } from '../api/bonuses-api';
import { openPromoActivated } from '../dialogs/bonus-dialogs';
import { promoCodeMessage, promoRefusalCode } from '../lib/promo-errors';

export function PromotionAction({ promotion, onDone }: { promotion: TPromotion; onDone?: () => void }) {
  const { t } = useTranslation();
  const account = useAccount();
  const navigate = useNavigate();
  const localeHref = useLocaleHref();
  const client = useQueryClient();
  const activate = useMutation({
    mutationFn: (code: string) => api.call(BONUS_CALLS.activatePromo, { promo_code: code }),
    onSuccess: (activated) => {
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      onDone?.();
      openPromoActivated(activated);
    },
  });
  const take = useMutation({
    mutationFn: (offerId: number) => api.call(BONUS_CALLS.takePromotions, { offer_id: String(offerId) }),
    onSuccess: (taken) => {
      void client.invalidateQueries({ queryKey: bonusKeys.all });
      onDone?.();
      // Where its bonus went (on the balance, or waiting in the queue); a freespins pack: on the game.
      toast.success(
        taken.bonus_item
          ? placementText(t, taken.bonus_item, account?.balance.currency || 'USD')
          : t('pages.promotions.taken', { defaultValue: 'Done: find it in your bonuses and on the game.' }),
      );
    },
  });
  const { action } = promotion;

  if (action.type === 'take' && action.offer_id !== null) {
    const offerId = action.offer_id;
    const refusal = isApiError(take.error, 'InvalidParameterException')
      ? take.error.invalidParameters.offer_id
      : null;
    return (
      <div className="flex flex-col gap-2">
        <button
          type="button"
          className="btn btn-primary"
          disabled={take.isPending}
          data-testid="promotion-take"
          onClick={() => {
            if (account) take.mutate(offerId);
            else {
              onDone?.();
              navigate(`${localeHref(paths.home)}?show_popup_reg=1`);
            }
          }}
        >
          {account
            ? t('pages.promotions.take', { defaultValue: 'Take it' })
            : t('pages.promotions.registerToDeposit', { defaultValue: 'Sign up to get it' })}
        </button>
        {take.error && (
          <p className="text-sm text-rose-400" role="alert">
            {refusal === 'offerTaken'
              ? t('pages.promotions.alreadyTaken', { defaultValue: 'You have already taken this offer.' })
              : t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
          </p>
        )}
      </div>
    );
  }

  if (action.type === 'promo_code' && action.promo_code) {
    const code = action.promo_code;
    const error = activate.error;
    const refusal = promoRefusalCode(error);
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-[var(--text-muted)]">
          {t('pages.promotions.useCode', { defaultValue: 'Use the promo code' })}{' '}
          <code className="rounded bg-white/10 px-2 py-0.5 font-mono font-bold text-[var(--text-strong)]">
            {code}
          </code>
        </p>
        <button
          type="button"
          className="btn btn-primary"
          disabled={activate.isPending}
          data-testid="promotion-activate"
          onClick={() => {
            if (account) activate.mutate(code);
            else {
              onDone?.();
              navigate(`${localeHref(paths.home)}?promo_code=${encodeURIComponent(code)}&show_popup_reg=1`);
            }
          }}
        >
          {account
            ? t('pages.promotions.activate', { defaultValue: 'Activate' })
            : t('pages.promotions.register', { defaultValue: 'Sign up with this code' })}
        </button>
        {error && (
          <p className="text-sm text-rose-400" role="alert">
            {refusal
              ? promoCodeMessage(t, refusal)
              : t('common.errors.generic', { defaultValue: 'Something went wrong. Please try again.' })}
          </p>
        )}
      </div>
    );
  }
  return (
    <button
      type="button"
      className="btn btn-primary"
      data-testid="promotion-deposit"
      onClick={() => {
        onDone?.();
        navigate(account ? localeHref(paths.cashier.deposit) : `${localeHref(paths.home)}?show_popup_reg=1`);
      }}
    >
      {account
        ? t('pages.promotions.deposit', { defaultValue: 'Deposit and get it' })
        : t('pages.promotions.registerToDeposit', { defaultValue: 'Sign up to get it' })}
    </button>
  );
}
