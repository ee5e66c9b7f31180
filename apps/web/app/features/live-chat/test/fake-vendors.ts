/**
 * Local stand-ins for the seven vendors' loader APIs: `loadScript(src)` records the address and installs what
 * the real script would (the global API, the load callback), recording every call. Never the network.
 */
import type { TChatProvider } from '@casino/contracts/calls/support';
import { vi } from 'vitest';
import type { TChatEnv } from '../types';
import { waitFor } from '../wait-for';

export interface TFakeVendor {
  // biome-ignore lint/suspicious/noExplicitAny: the vendors' globals are untyped
  window: any;
  /** Every script address asked for. */
  loaded: string[];
  /** Every API call, as [name, ...args]. */
  calls: unknown[][];
  env: TChatEnv;
  errors: string[];
  events: string[];
  /** Makes the next `n` loads fail (a network error). */
  failNext(n: number): void;
}

const recorder = (calls: unknown[][], prefix?: string) =>
  vi.fn((...args: unknown[]) => {
    calls.push(prefix ? [prefix, ...args] : args);
  });

const INSTALL: Record<TChatProvider, (w: TFakeVendor['window'], calls: unknown[][]) => void> = {
  verbox: (w) => {
    w.Verbox = vi.fn((...args: unknown[]) => {
      w.__verboxCalls.push(args);
      if (w.__verboxThrow === args[0]) throw new Error(`Verbox ${String(args[0])} failed`);
    });
  },
  jivosite: (w, calls) => {
    w.jivo_api = Object.fromEntries(
      ['setContactInfo', 'setCustomData', 'open', 'close', 'clearHistory'].map((name) => [
        name,
        recorder(calls, name),
      ]),
    );
    w.jivo_onLoadCallback?.();
  },
  livechat: (w, calls) => {
    w.__lcAtLoad = { ...w.__lc };
    w.LiveChatWidget = { call: recorder(calls), on: recorder(calls, 'on') };
  },
  intercom: (w, calls) => {
    w.__intercomSettingsAtLoad = { ...w.intercomSettings };
    w.Intercom = recorder(calls);
  },
  zendesk: (w, calls) => {
    w.zE = recorder(calls);
  },
  tawk: (w, calls) => {
    for (const name of ['maximize', 'minimize', 'showWidget', 'hideWidget', 'setAttributes'])
      w.Tawk_API[name] = recorder(calls, name);
    w.Tawk_API.onLoad?.();
  },
  custom: () => {},
};

export const fakeVendor = (provider: TChatProvider): TFakeVendor => {
  const calls: unknown[][] = [];
  const w: TFakeVendor['window'] = { __verboxCalls: calls };
  let failures = 0;
  const fake: TFakeVendor = {
    window: w,
    loaded: [],
    calls,
    errors: [],
    events: [],
    failNext: (n) => {
      failures = n;
    },
    env: {
      window: w,
      async loadScript(src) {
        fake.loaded.push(src);
        await Promise.resolve();
        if (failures > 0) {
          failures -= 1;
          throw new Error(`failed: ${src}`);
        }
        INSTALL[provider](w, calls);
      },
      logError: (name) => {
        fake.errors.push(name);
      },
      onEvent: (event) => {
        fake.events.push(event);
      },
      waitFor: (read, timeout = 300) => waitFor(read, timeout, 10),
    },
  };
  return fake;
};
