/**
 * The Content-Security-Policy of an HTML page: scripts run only with this response's nonce (and what those
 * scripts load, 'strict-dynamic'); no plugins, no <base>; framed only by the allowed ancestors.
 * docs/decisions/009-csp-nonce.md
 */
import { randomBytes } from 'node:crypto';

export interface TCspOptions {
  nonce: string;
  /** Sources of `frame-ancestors`: `'self'` and, on the embedded forms, the partner origins. */
  frameAncestors: string[];
  /** Third-party script hosts (chat, analytics, custom code) for browsers that ignore 'strict-dynamic'. */
  scriptHosts?: string[];
  /** Further directives of a page that wants a tighter policy (the back-office). */
  extra?: Record<string, string[]>;
}

export const newNonce = () => randomBytes(16).toString('base64');

export const contentSecurityPolicy = ({
  nonce,
  frameAncestors,
  scriptHosts = [],
  extra = {},
}: TCspOptions) => {
  const directives: Record<string, string[]> = {
    ...extra,
    'script-src': [`'nonce-${nonce}'`, "'strict-dynamic'", "'self'", ...scriptHosts],
    // The service worker (/sw.js) is a script no nonce can mark: 'strict-dynamic' would refuse it.
    'worker-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'frame-ancestors': frameAncestors,
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
};
