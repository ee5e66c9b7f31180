/** Fills the loyalty dialog places of spec §2 and opens them: shop buy / insufficient funds, quest, character change. */
import { fillDialogPlace, openDialogPlace } from '../../../ui/dialogs';
import type { TBought, TProduct, TQuest } from '../api/loyalty-api';

fillDialogPlace('loyalty-quest', () => import('./quest-dialog'));
fillDialogPlace('loyalty-shop-buy', () => import('./bought-dialog'));
fillDialogPlace('loyalty-shop-insufficient-funds', () => import('./insufficient-dialog'));
fillDialogPlace('loyalty-character-change', () => import('./character-dialog'));

export const openQuestDialog = (quest: TQuest) => openDialogPlace('loyalty-quest', { quest });
/** The purchase: the product, the points left and (a bonus product) where its bonus went. */
export const openBought = (bought: Pick<TBought, 'product' | 'points' | 'bonus_item'>) =>
  openDialogPlace('loyalty-shop-buy', bought);
export const openInsufficient = (product: TProduct, points: number) =>
  openDialogPlace('loyalty-shop-insufficient-funds', { product, points });
export const openCharacterChange = (currentId: number | null) =>
  openDialogPlace('loyalty-character-change', { currentId });
