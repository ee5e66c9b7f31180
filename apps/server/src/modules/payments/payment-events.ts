/**
 * Who settles a provider's verified payment event: the cashier registers its handler at start (payments sits below
 * the cashier and does not import it), and the webhook route hands each event to it.
 */
import { contextSlot, type TAppContext } from '../../platform/context.ts';
import type { TPaymentEvent } from './provider.ts';

/** The event names no payment we can settle (an unknown deposit, another provider's): the webhook answers 409. */
export class PaymentEventRejected extends Error {}

/** Settles the event and answers the payment's status; throws PaymentEventRejected to refuse it. */
export type TPaymentEventHandler = (ctx: TAppContext, event: TPaymentEvent) => Promise<string>;

const handler = contextSlot<TPaymentEventHandler>('no payment event handler registered');

export const registerPaymentEventHandler = handler.fill;

export const paymentEventHandler = handler.find;
