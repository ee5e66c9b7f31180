/**
 * banners.get (spec §7: offset, count default 10, fields id,finished_at,description): the site's banners — the home
 * hero, the auth popup panel, the menu banner — each with its position in the description and the image keys the
 * operator's configuration names (§3 Banner). Banners whose offer or feature is not live, and finished ones, are
 * left out.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zInt, zList, zText } from '../call.ts';

export const BANNER_POSITIONS = ['hero', 'auth', 'menu'] as const;
export const BANNER_FIELDS = ['id', 'finished_at', 'description'] as const;
/** Spec §9: banners default count. */
export const BANNERS_COUNT = 10;

export const ZBanner = z.object({
  id: z.string(),
  finished_at: z.string().nullable().optional(),
  /** The banner's words and links as the cms config holds them, with `position` and the remapped image keys. */
  description: z.record(z.string(), z.unknown()).optional(),
});

export const ZBannersGet = defineCall({
  name: 'banners.get',
  method: 'GET',
  access: 'any',
  summary:
    'The live banners in the request locale: home hero (position hero), auth popup panel (auth), menu banner (menu); finished ones and those whose offer or feature is not live are left out.',
  params: z
    .object({
      offset: zInt({ min: 0, fallback: 0 }),
      count: zInt({ min: 1, max: 100, fallback: BANNERS_COUNT }),
      fields: zList(),
      position: zText().pipe(z.enum(['', ...BANNER_POSITIONS], { error: 'wrongField' })),
    })
    .loose(),
  data: z.object({ count: z.number().int(), items: z.array(ZBanner) }),
});

export const bannersCalls: TCallContract[] = [ZBannersGet];
