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
}

const providers = new Map<string, TPaymentProvider>();

export const registerPaymentProvider = (provider: TPaymentProvider) => {
  providers.set(provider.name, provider);
};

export const findPaymentProvider = (name: string) => providers.get(name);

/** Where the provider sends the player back: the site's payment result pages. */
export const resultPath = (status: TPaymentEventStatus, transactionId: string) => {
  const page = { paid: 'paysuccess', failed: 'payfail', pending: 'paypending', cancelled: 'paycancel' }[
    status
  ];
  return `/cashier/${page}/${encodeURIComponent(transactionId)}`;
};
