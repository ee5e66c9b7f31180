/** A session resolves a whole player row (platform/session.ts reads it from this module's table). */
import type { TPlayer } from './schema.ts';

declare module '../../platform/session.ts' {
  interface TSessionPlayer extends TPlayer {}
}
