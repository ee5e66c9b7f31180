/** Support: live-chat settings, feedback and chat events (spec §3 Chat configuration, §7 Other). */
import { z } from 'zod';
import { defineCall, type TCallContract, zText } from '../call.ts';
import { CHAT_PROVIDERS, type TChatProvider } from '../chat-providers.ts';
import { email } from '../validation.ts';
import { zJsonObjectText } from './events.ts';

export { CHAT_PROVIDERS, type TChatProvider };

export const ZChatConfig = z.object({
  /** The active provider, or '' for no chat. */
  chat: z.union([z.enum(CHAT_PROVIDERS), z.literal('')]),
  settings: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type TChatConfig = z.output<typeof ZChatConfig>;

export const ZSupportGetSettings = defineCall({
  name: 'support.getsettings',
  method: 'GET',
  access: 'any',
  summary: 'The live-chat configuration: the active provider and its settings keyed by the provider name.',
  params: z.object({}).loose(),
  data: ZChatConfig,
});

export const ZSupportSendFeedback = defineCall({
  name: 'Support.sendFeedback',
  method: 'POST',
  access: 'any',
  summary:
    "Sends a message to support. A visitor may give an e-mail to be answered at; a player's own e-mail is used otherwise.",
  params: z.object({
    message: zText()
      .transform((v) => v.trim())
      .refine((v) => v !== '', 'requiredField')
      .refine((v) => v.length <= 5000, 'maxLength'),
    email: zText()
      .transform((v) => v.trim())
      .superRefine((v, ctx) => {
        const failure = v === '' ? null : email(v);
        if (failure) ctx.addIssue({ code: 'custom', message: failure });
      }),
  }),
  data: z.literal(1),
});

export const ZSupportStoreChatEvent = defineCall({
  name: 'support.storechatevent',
  method: 'POST',
  access: 'user',
  summary: 'Stores a live-chat widget event (opened, message sent, rated…) for the signed-in player.',
  params: z.object({
    event: zText()
      .transform((v) => v.trim())
      .refine((v) => v !== '', 'requiredField')
      .refine((v) => /^[A-Za-z0-9_.:-]{1,64}$/.test(v), 'wrongField'),
    provider: zText().transform((v) => v.trim()),
    data: zJsonObjectText(),
  }),
  data: z.literal(1),
});

export const supportCalls: TCallContract[] = [
  ZSupportGetSettings,
  ZSupportSendFeedback,
  ZSupportStoreChatEvent,
];
