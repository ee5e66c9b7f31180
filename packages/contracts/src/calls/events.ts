/** Client analytics events (spec §7 Other: events.handle). */
import { z } from 'zod';
import { defineCall, type TCallContract, zText } from '../call.ts';

/** A JSON object sent as text (at most 8 KiB); anything else is wrongField. Absent or empty gives {}. */
export const zJsonObjectText = () =>
  z
    .string()
    .optional()
    .transform((v, ctx): Record<string, unknown> => {
      if (v === undefined || v === '') return {};
      if (v.length > 8192) {
        ctx.addIssue({ code: 'custom', message: 'maxLength' });
        return z.NEVER;
      }
      try {
        const parsed: unknown = JSON.parse(v);
        if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
          return parsed as Record<string, unknown>;
      } catch {
        // falls through to the field code
      }
      ctx.addIssue({ code: 'custom', message: 'wrongField' });
      return z.NEVER;
    });

export const ZEventsHandle = defineCall({
  name: 'events.handle',
  method: 'GET',
  access: 'any',
  summary:
    'Records a client event (event_name, event_params as JSON text) with the player id, or none for a visitor.',
  params: z.object({
    event_name: zText()
      .transform((v) => v.trim())
      .refine((v) => v !== '', 'requiredField')
      .refine((v) => /^[A-Za-z0-9_.:\- ]{1,100}$/.test(v), 'wrongField'),
    event_params: zJsonObjectText(),
  }),
  data: z.literal(1),
});

export const eventsCalls: TCallContract[] = [ZEventsHandle];
