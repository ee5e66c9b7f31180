/**
 * The social sign-in services the site offers (metadata.get's `social_services`): social-auth registers them at
 * start (it sits above metadata, through auth), so metadata does not import it. None until it has.
 */
import { contextSlot, type TAppContext } from '../../platform/context.ts';

const services = contextSlot<() => string[]>('no social services registered');

export const registerSocialServices = services.fill;

export const socialServicesOf = (ctx: TAppContext): string[] => services.find(ctx)?.() ?? [];
