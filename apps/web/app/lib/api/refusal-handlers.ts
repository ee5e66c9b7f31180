/**
 * Refusals the site answers the same way wherever a call meets them (spec §8): the feature that owns the answer
 * registers it (the profile opens its fill-profile prompt on UserNeedProfileDataException), and the browser's API
 * client reports every refusal here before the caller sees it.
 */
import type { TErrorType } from '@casino/contracts/errors';
import type { ApiError } from './client';

type THandler = (error: ApiError) => void;

const handlers = new Map<TErrorType, THandler>();

/** Registers the answer to a refusal type (one per type: a later registration replaces it). */
export const onRefusal = (type: TErrorType, handler: THandler) => {
  handlers.set(type, handler);
  return () => {
    if (handlers.get(type) === handler) handlers.delete(type);
  };
};

export const reportRefusal = (error: ApiError) => {
  try {
    handlers.get(error.type)?.(error);
  } catch (caught) {
    // An answer that fails must not change what the caller sees.
    console.warn('refusal handler failed', caught);
  }
};
