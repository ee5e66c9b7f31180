/**
 * The question asked before a pending withdrawal is cancelled (history and the withdraw page's pending list):
 * the amount that goes back and, while pending withdrawals hold one, the paused bonus that comes back with it.
 */

import { formatAmount } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n-lite';

export const cancelWithdrawalQuestion = (
  t: TFunction,
  item: { amount: number; currency: string },
  heldBonus: number,
) => {
  const back = t('cashier.history.cancelWithdrawalQuestion', {
    defaultValue: 'Your {amount} withdrawal will be stopped and the money goes back to your balance.',
    amount: formatAmount(item.amount, item.currency),
  });
  return {
    title: t('cashier.history.cancelWithdrawalTitle', { defaultValue: 'Cancel this withdrawal?' }),
    content:
      heldBonus > 0
        ? `${back} ${t('cashier.history.cancelWithdrawalBonus', {
            defaultValue:
              'Your paused bonus ({bonus}) comes back too, unless another pending withdrawal still holds it or it has expired.',
            bonus: formatAmount(heldBonus, item.currency),
          })}`
        : back,
    agreeText: t('cashier.history.cancelWithdrawal', { defaultValue: 'Cancel withdrawal' }),
    rejectText: t('cashier.history.cancelWithdrawalKeep', { defaultValue: 'Keep withdrawal' }),
  };
};
