/** support.getsettings (live-chat config), Support.sendFeedback, support.storechatevent; the FAQ (faq-service.ts). */
import {
  ZSupportGetSettings,
  ZSupportSendFeedback,
  ZSupportStoreChatEvent,
} from '@casino/contracts/calls/support';
import type { TModule } from '../../platform/context.ts';
import { registerMessagesOverlay } from '../i18n/index.ts';
import { applyFaqToMessages, seedFaq } from './faq-service.ts';
import { chatSettings, sendFeedback, storeChatEvent } from './support-service.ts';

export const supportModule: TModule = {
  name: 'support',
  register(_app, ctx) {
    registerMessagesOverlay('support-faq', applyFaqToMessages);
    ctx.api.handle(ZSupportGetSettings, () => chatSettings(ctx.db));

    ctx.api.handle(
      ZSupportSendFeedback,
      async ({ message, email }, request) => {
        await sendFeedback(ctx.db, {
          playerId: request.player?.id ?? null,
          playerEmail: request.player?.email ?? null,
          email,
          message,
          locale: request.locale,
          ip: request.ip,
          now: ctx.providers.clock.now(),
        });
        return 1 as const;
      },
      { rateLimit: { max: 5, windowSeconds: 600 } },
    );

    ctx.api.handle(
      ZSupportStoreChatEvent,
      async ({ event, provider, data }, request) => {
        const active = (await chatSettings(ctx.db)).chat;
        await storeChatEvent(ctx.db, {
          playerId: (request.player as NonNullable<typeof request.player>).id,
          provider: provider || active || 'unknown',
          event,
          payload: data,
          now: ctx.providers.clock.now(),
        });
        return 1 as const;
      },
      { rateLimit: { max: 120, windowSeconds: 60 } },
    );
  },
  async seed(ctx) {
    await seedFaq(ctx.db, ctx.contentDir);
  },
};
