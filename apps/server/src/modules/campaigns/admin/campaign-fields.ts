/** Form fields the campaigns' back-office forms share (promo codes, popups, deposit offers). */
import { codesOf } from '@casino/contracts/audience-codes';
import { z } from 'zod';
import { formDate, formFlag, formOptional, formString, formWhole } from '../../backoffice/index.ts';
import type { TItemShowing } from '../campaign-items.ts';

/** Text that must be filled in (trimmed). */
export const formRequired = () => formString().pipe(z.string().trim().min(1, 'requiredField'));

/** A whole number whose blank field means `fallback`. */
export const formWholeOr = (fallback: string, min: number, max: number) =>
  formString()
    .transform((v) => v || fallback)
    .pipe(formWhole(min, max));

/**
 * When and to whom a popup or a deposit offer shows, as its form posts it (in the form's order): `words` reads the
 * locale and country lists as the form reads its other free text.
 */
export const showingFields = <W extends z.ZodType<string, unknown>>(words: () => W) => ({
  priority: formWholeOr('0', -1000, 1000),
  is_active: formFlag(),
  starts_at: formOptional(formDate()),
  ends_at: formOptional(formDate()),
  locales: words(),
  countries: words(),
  segment_id: formOptional(formWhole(1, 9_999_999)),
});

/** The showing fields read into the campaigns module's terms (the code lists split, as typed). */
export const showingOf = (form: {
  priority: number;
  is_active: boolean;
  starts_at: Date | null;
  ends_at: Date | null;
  locales: string;
  countries: string;
  segment_id: number | null;
}): TItemShowing => ({
  priority: form.priority,
  isActive: form.is_active,
  startsAt: form.starts_at,
  endsAt: form.ends_at,
  locales: codesOf(form.locales, 'locale'),
  countries: codesOf(form.countries, 'country'),
  segmentId: form.segment_id,
});
