/** A console.error during a test is a failure: it means something went wrong that no assertion caught. */
import { afterEach, vi } from 'vitest';

const errors: unknown[][] = [];
vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
  errors.push(args);
});
afterEach(() => {
  if (errors.length > 0) {
    const seen = errors.splice(0).map((a) => a.map(String).join(' '));
    throw new Error(`console.error was called:\n${seen.join('\n')}`);
  }
});
