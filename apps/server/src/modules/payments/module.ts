/**
 * The payments module: the provider registry, the sandbox provider's hosted pages, provider webhooks, and the jobs
 * that void and refund payments for the cashier.
 */
import { isPaymentSandboxEnabled } from '../../platform/config.ts';
import type { TModule } from '../../platform/context.ts';
import { registerPaymentProvider } from './provider.ts';
import { defineProviderJobs } from './provider-requests.ts';
import { registerSandboxPages } from './sandbox-pages.ts';
import { sandboxProvider } from './sandbox-provider.ts';
import { registerWebhookRoute } from './webhook-route.ts';

export const paymentsModule: TModule = {
  name: 'payments',
  async register(app, ctx) {
    // The sandbox is a provider like any other: only the demo (or a start outside production) has it.
    if (isPaymentSandboxEnabled(ctx.config)) {
      registerPaymentProvider(ctx, sandboxProvider);
      registerSandboxPages(app, ctx);
    }
    defineProviderJobs(ctx);
    await registerWebhookRoute(app, ctx);
  },
};
