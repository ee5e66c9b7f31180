/** The seven providers by config key (content/chat.json, support.getsettings). */
import type { TChatProvider } from '@casino/contracts/calls/support';
import type { TChatAdapterFactory } from '../types';
import { createCustomAdapter } from './custom';
import { createIntercomAdapter } from './intercom';
import { createJivositeAdapter } from './jivosite';
import { createLivechatAdapter } from './livechat';
import { createTawkAdapter } from './tawk';
import { createVerboxAdapter } from './verbox';
import { createZendeskAdapter } from './zendesk';

export const CHAT_ADAPTERS: Record<TChatProvider, TChatAdapterFactory> = {
  verbox: createVerboxAdapter,
  jivosite: createJivositeAdapter,
  livechat: createLivechatAdapter,
  intercom: createIntercomAdapter,
  zendesk: createZendeskAdapter,
  tawk: createTawkAdapter,
  custom: createCustomAdapter,
};
