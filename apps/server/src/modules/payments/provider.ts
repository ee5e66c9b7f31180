/** The payment-provider interface: a hosted page to send the player to, and signed webhooks back to us. */
import type { Cents } from '@casino/contracts';
import type { TAppContext } from '../../platform/context.ts';

export type TPaymentEventStatus = 'paid' | 'failed' | 'pending' | 'cancelled';

/** What a provider's webhook tells us, once its signature is verified. */
export interface TPaymentEvent {
  provider: string;
  transactionId: string;
  status: TPaymentEventStatus;
  amount: Cents;
  currency: string;
}

export interface TDepositRequest {
  transactionId: string;
  playerId: number;
  method: string;
  amount: Cents;
  currency: string;
}

export interface TPaymentProvider {
  name: string;
  /** Opens a payment at the provider and answers where to send the player. */
  createDeposit(ctx: TAppContext, request: TDepositRequest): Promise<{ redirectUrl: string }>;
  /** Verifies a webhook's signature over the raw body and reads it; null when it is not genuine. */
  parseWebhook(ctx: TAppContext, rawBody: string, headers: Record<string, unknown>): TPaymentEvent | null;
  /**
   * Voids a payment the player has not made yet (we cancelled or expired the deposit): its page takes no payment
   * any more. Money already under way (a bank transfer) may still arrive: settle-deposit refunds or credits it.
   */
  voidDeposit(ctx: TAppContext, transactionId: string): Promise<void>;
  /** Returns a paid deposit's money to the payer; idempotent (the refund job may run it again). */
  refundDeposit(ctx: TAppContext, request: TRefundRequest): Promise<void>;
}

export interface TRefundRequest {
  transactionId: string;
  amount: Cents;
  currency: string;
}

/** Each app's providers: the sandbox is one only where the demo's parts are on. */
const providersOf = new WeakMap<TAppContext, Map<string, TPaymentProvider>>();

export const registerPaymentProvider = (ctx: TAppContext, provider: TPaymentProvider) => {
  const providers = providersOf.get(ctx) ?? new Map<string, TPaymentProvider>();
  providers.set(provider.name, provider);
  providersOf.set(ctx, providers);
};

export const findPaymentProvider = (ctx: TAppContext, name: string) => providersOf.get(ctx)?.get(name);

/** Where the provider sends the player back: the site's payment result pages. */
export const resultPath = (status: TPaymentEventStatus, transactionId: string) => {
  const page = { paid: 'paysuccess', failed: 'payfail', pending: 'paypending', cancelled: 'paycancel' }[
    status
  ];
  return `/cashier/${page}/${encodeURIComponent(transactionId)}`;
};
