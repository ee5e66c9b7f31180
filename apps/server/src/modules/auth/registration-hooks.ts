/**
 * What other modules do once a player registered (the form, or a first sign-in through Telegram or a social
 * provider; after the player's transaction committed and the session started), e.g. the campaigns module
 * activates the promo code the form carried. A hook's failure is logged and never undoes the registration.
 * Hooks belong to one app (its context): two apps in one process (tests, a second instance) keep their own.
 */
import type { FastifyRequest } from 'fastify';
import type { TPlayer } from '../players/index.ts';

export type TRegistrationHook = (player: TPlayer, request: FastifyRequest) => Promise<void>;

const hooksOf = new WeakMap<object, Map<string, TRegistrationHook>>();

/** Registers (or replaces) a named hook of the app whose context is `app`; answers a function that removes it. */
export const onPlayerRegistered = (app: object, name: string, hook: TRegistrationHook) => {
  let hooks = hooksOf.get(app);
  if (!hooks) {
    hooks = new Map();
    hooksOf.set(app, hooks);
  }
  hooks.set(name, hook);
  return () => {
    if (hooks.get(name) === hook) hooks.delete(name);
  };
};

export const runRegistrationHooks = async (app: object, player: TPlayer, request: FastifyRequest) => {
  for (const [name, hook] of hooksOf.get(app) ?? []) {
    try {
      await hook(player, request);
    } catch (error) {
      request.log.warn({ err: error, hook: name, player: player.id }, 'registration hook failed');
    }
  }
};
