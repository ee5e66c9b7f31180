/**
 * The loyalty confirms of spec §2 (shop confirm, character confirm): confirm kinds the dialog host draws (the
 * question, reject and agree), apart from loyalty-places, whose lazily loaded dialogs ask them.
 */
import { dialogStore } from '../../../ui/dialogs';
import type { TProduct } from '../api/loyalty-api';

/** The shop's confirm dialog (a confirm kind: the question, reject and agree); answers true on agree. */
export const confirmPurchase = (product: TProduct, question: string) =>
  dialogStore.confirm({
    id: 'loyalty-shop-confirm',
    size: 'small',
    title: product.title,
    confirm: { content: question },
  });

/** The character change's confirm dialog. */
export const confirmCharacter = (name: string, question: string) =>
  dialogStore.confirm({
    id: 'loyalty-character-confirm',
    size: 'small',
    title: name,
    confirm: { content: question },
  });
