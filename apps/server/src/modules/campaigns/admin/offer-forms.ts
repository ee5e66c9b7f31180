/**
 * The deposit offers' forms (Promotions › Deposit offers), read into typed changes and applied through
 * offers-admin.ts, each with its audit row (before and after) in the same transaction. Nothing is written when a
 * field is refused: a NUL or other control character, a day that is no day, a negative or zero amount.
 */
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { storeContentImage } from '../../../platform/image-uploads.ts';
import {
  formAmount,
  formAmountOrZero,
  formFile,
  formFlag,
  formList,
  formString,
  formWhole,
  parseForm,
} from '../../backoffice/index.ts';
import {
  copyDepositOffer,
  createDepositOffer,
  retireDepositOffer,
  type TOfferPatch,
  updateDepositOffer,
} from '../offers-admin.ts';
import { formRequired, showingFields, showingOf } from './campaign-fields.ts';
import { itemFormActions } from './item-form-actions.ts';

const noControl = (v: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v);
/** Free text as typed; a control character (NUL…) is refused, never stored. */
const formWords = () => formString().refine(noControl, 'wrongField');

const ZOfferForm = z.object({
  locale: formWords(),
  title: formWords(),
  text: formWords(),
  condition: formString(),
  percent: formWhole(1, 1000),
  max_amount: formAmount(),
  wager: formWhole(0, 200),
  template: formWords(),
  min_amount: formAmountOrZero(),
  exclude_methods: formList(),
  ...showingFields(formWords),
  image_remove: formFlag(),
});

/**
 * The offer's form read into a change. Its image: a file chosen in the form is stored first (the file store every
 * instance shares, by content hash: PNG, JPEG, GIF or WebP, 5 MB at most) and its path replaces the offer's; the
 * "remove" box takes it off; neither keeps it.
 */
export const offerPatchOf = async (ctx: TAppContext, body: unknown): Promise<TOfferPatch> => {
  const form = parseForm(ZOfferForm, body);
  const file = formFile(body, 'image');
  const image =
    file && file.length > 0
      ? (await storeContentImage(ctx.files, file)).path
      : form.image_remove
        ? null
        : undefined;
  return {
    image,
    locale: form.locale || 'en',
    title: form.title,
    text: form.text,
    condition: form.condition,
    percent: form.percent,
    maxAmount: form.max_amount,
    wager: form.wager,
    template: form.template.trim(),
    minAmount: form.min_amount,
    excludeMethods: form.exclude_methods,
    ...showingOf(form),
  };
};

const offerActions = itemFormActions({
  type: 'deposit_offer',
  sysname: formRequired().refine(noControl, 'wrongField'),
  patchOf: offerPatchOf,
  rowOf: (made) => made.offer,
  create: createDepositOffer,
  update: updateDepositOffer,
  copy: copyDepositOffer,
  retire: retireDepositOffer,
});

export const createOfferFromForm = offerActions.create;
export const saveOffer = offerActions.save;
export const copyOfferFromForm = offerActions.copy;
export const retireOfferById = offerActions.retire;
