/**
 * How a module lets its caller (the back-office) record a change it makes: called inside the change's own
 * transaction with the before and after values, so a refused change records nothing and an accepted one always is.
 */
import type { TExecutor } from './db/database.ts';

export interface TChange {
  action: string;
  target: { type: string; id: string | number };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}
export type TChangeAudit = (tx: TExecutor, change: TChange) => Promise<void>;
