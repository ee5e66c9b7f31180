/** The payments module: the provider registry, the sandbox provider's hosted pages, and provider webhooks. */
import type { TModule } from '../../platform/context.ts';
import { registerPaymentProvider } from './provider.ts';
import { registerSandboxPages } from './sandbox-pages.ts';
import { sandboxProvider } from './sandbox-provider.ts';
import { registerWebhookRoute } from './webhook-route.ts';

export const paymentsModule: TModule = {
  name: 'payments',
  async register(app, ctx) {
    registerPaymentProvider(sandboxProvider);
    registerSandboxPages(app, ctx);
    await registerWebhookRoute(app, ctx);
  },
};
