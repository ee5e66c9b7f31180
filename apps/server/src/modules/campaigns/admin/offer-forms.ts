/**
 * The deposit offers' forms (Promotions › Deposit offers), read into typed changes and applied through
 * offers-admin.ts, each with its audit row (before and after) in the same transaction. Nothing is written when a
 * field is refused: a NUL or other control character, a day that is no day, a negative or zero amount.
 */
import { codesOf } from '@casino/contracts/audience-codes';
import { z } from 'zod';
import type { TAppContext } from '../../../platform/context.ts';
import { storeContentImage } from '../../../platform/image-uploads.ts';
import {
  auditedCreate,
  auditedUpdate,
  formAmount,
  formAmountOrZero,
  formDate,
  formFile,
  formFlag,
  formList,
  formOptional,
  formString,
  formWhole,
  parseForm,
  type TActor,
} from '../../backoffice/index.ts';
import {
  copyDepositOffer,
  createDepositOffer,
  retireDepositOffer,
  type TOfferPatch,
  updateDepositOffer,
} from '../offers-admin.ts';

const noControl = (v: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v);
/** Free text as typed; a control character (NUL…) is refused, never stored. */
const formWords = () => formString().refine(noControl, 'wrongField');
const formWholeOr = (fallback: string, min: number, max: number) =>
  formString()
    .transform((v) => v || fallback)
    .pipe(formWhole(min, max));

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
  priority: formWholeOr('0', -1000, 1000),
  is_active: formFlag(),
  starts_at: formOptional(formDate()),
  ends_at: formOptional(formDate()),
  locales: formWords(),
  countries: formWords(),
  segment_id: formOptional(formWhole(1, 9_999_999)),
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
    priority: form.priority,
    isActive: form.is_active,
    startsAt: form.starts_at,
    endsAt: form.ends_at,
    locales: codesOf(form.locales, 'locale'),
    countries: codesOf(form.countries, 'country'),
    segmentId: form.segment_id,
  };
};

const ZSysname = z.object({
  sysname: formString().pipe(z.string().trim().min(1, 'requiredField')).refine(noControl, 'wrongField'),
});

/** A new offer: the edit form's fields and a sysname (its words in the form's locale, English by default). */
export const createOfferFromForm = async (ctx: TAppContext, actor: TActor, body: unknown) => {
  const { sysname } = parseForm(ZSysname, body);
  const patch = await offerPatchOf(ctx, body);
  const now = ctx.providers.clock.now();
  const created = await auditedCreate(
    ctx,
    actor,
    now,
    { action: 'deposit_offer.create', targetType: 'deposit_offer' },
    (tx) => createDepositOffer(tx, sysname, patch, now),
    (made) => made.offer.id,
  );
  return created.offer;
};

export const saveOffer = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const patch = await offerPatchOf(ctx, body);
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'deposit_offer.update', target: { type: 'deposit_offer', id } },
    (tx) => updateDepositOffer(tx, id, patch, now),
  );
};

export const copyOfferFromForm = async (ctx: TAppContext, actor: TActor, id: number, body: unknown) => {
  const { sysname } = parseForm(ZSysname, body);
  const now = ctx.providers.clock.now();
  const copied = await auditedCreate(
    ctx,
    actor,
    now,
    { action: 'deposit_offer.copy', targetType: 'deposit_offer' },
    (tx) => copyDepositOffer(tx, id, sysname, now),
    (made) => made.offer.id,
  );
  return copied.offer;
};

export const retireOfferById = async (ctx: TAppContext, actor: TActor, id: number) => {
  const now = ctx.providers.clock.now();
  return auditedUpdate(
    ctx,
    actor,
    now,
    { action: 'deposit_offer.retire', target: { type: 'deposit_offer', id } },
    (tx) => retireDepositOffer(tx, id, now),
  );
};
