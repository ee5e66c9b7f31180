/** The payments module's front door: what other modules may use of it. */
export { paymentsModule } from './module.ts';
export { PaymentEventRejected, registerPaymentEventHandler } from './payment-events.ts';
export type { TPaymentEvent } from './provider.ts';
export { findPaymentProvider } from './provider.ts';
export { enqueueRefund, enqueueVoid } from './provider-requests.ts';
