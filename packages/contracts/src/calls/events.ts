/** Client analytics events (spec §7 Other: events.handle). */
import { z } from 'zod';
import { defineCall, type TCallContract, zJsonText, zText } from '../call.ts';

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
    event_params: z
      .string()
      .optional()
      .refine((v) => v === undefined || v.length <= 8192, 'maxLength')
      .pipe(zJsonText(z.record(z.string(), z.unknown()))),
  }),
  data: z.literal(1),
});

export const eventsCalls: TCallContract[] = [ZEventsHandle];
