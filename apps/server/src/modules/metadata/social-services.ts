/**
 * The social sign-in services the site offers (metadata.get's `social_services`): social-auth registers them at
 * start (it sits above metadata, through auth), so metadata does not import it. None until it has.
 */
import type { TAppContext } from '../../platform/context.ts';

const servicesOf = new WeakMap<TAppContext, () => string[]>();

export const registerSocialServices = (ctx: TAppContext, services: () => string[]) => {
  servicesOf.set(ctx, services);
};

export const socialServicesOf = (ctx: TAppContext): string[] => servicesOf.get(ctx)?.() ?? [];
