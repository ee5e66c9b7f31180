/**
 * popups.get (spec §7): the campaign popups for the page the visitor or player is on (spec §2: the campaign dialog;
 * `#popup-preview` with `?popup=<id>` opens one in preview). Targeting is the server's (audience, pages, window,
 * responsible-gaming limits); how often one shows (`frequency`) the site applies with what it remembers.
 */
import { z } from 'zod';
import { defineCall, type TCallContract, zId, zText } from '../call.ts';

export const POPUP_FREQUENCIES = ['once', 'session', 'daily', 'always'] as const;

export const ZPopup = z.object({
  id: z.number().int(),
  title: z.string(),
  text: z.string(),
  button: z.object({ label: z.string(), url: z.string() }).nullable(),
  image: z.string().nullable(),
  frequency: z.enum(POPUP_FREQUENCIES),
  priority: z.number().int(),
});
export type TPopup = z.output<typeof ZPopup>;

export const ZPopupsGet = defineCall({
  name: 'popups.get',
  method: 'GET',
  access: 'any',
  summary:
    'The campaign popups for a page (page: the path without locale), highest priority first; popup=<id> answers that one in preview, whatever its targeting.',
  params: z.object({ page: zText(), popup: zId('bigint', { fallback: 0 }) }).loose(),
  data: z.object({ count: z.number().int(), items: z.array(ZPopup) }),
});

export const popupsCalls: TCallContract[] = [ZPopupsGet];
