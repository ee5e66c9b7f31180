/**
 * What the hosting server hands to every loader: a Fetch-compatible door into its own HTTP routes
 * (`/api/*`, `/nfx/*`), answered in-process without a socket (docs/decisions/004).
 */
import { createContext, RouterContextProvider } from 'react-router';

export interface TServerServices {
  /** `fetch` against this same server; the player's cookies, language and address travel with it. */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  /** The client address as the server saw it (for logs and rate limits). */
  ip: string;
  /** The CSP nonce of this response: every inline script of the page carries it. */
  nonce: string;
  /** The demo's parts are on (DEMO_MODE=1, or a start outside production): every page says so. */
  demo: boolean;
  /** The browser's error reporting (SENTRY_DSN_PUBLIC), or null: off. */
  errorReporting?: { dsn: string; environment: string } | null;
  /** The host's settings version (its page cache): an operator's change moves it, and the shared reads go. */
  settingsVersion?: number;
}

export const servicesContext = createContext<TServerServices>();

/** Called by the server adapter (apps/server/src/platform/web.ts) through the build's entry module. */
export const createLoadContext = (services: TServerServices) => {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  return context;
};
