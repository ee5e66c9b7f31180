/**
 * The promotions detail dialog's place (spec §2), apart from bonus-dialogs: the detail draws the promotion's
 * action, which opens bonus dialogs itself, so filling this place there would make the two import each other.
 */
import { fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';
import type { TPromotion } from '../api/bonuses-api';

fillDialogPlace('promotions-detail', () => import('./promotion-detail-dialog'));

export const openPromotionDetail = (
  promotion: TPromotion,
  currency: string,
  options: Parameters<typeof openDialogPlace>[2],
) => openDialogPlace('promotions-detail', { promotion, currency }, options);
