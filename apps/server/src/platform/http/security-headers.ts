/**
 * Edge headers of every response: the request id, HSTS over TLS, X-Frame-Options, `Cache-Control: no-store` on
 * private answers, and on HTML pages a Content-Security-Policy carrying this request's nonce (`request.cspNonce`,
 * which the site and the server's own pages put on their inline scripts). Only the embedded sign-in and sign-up
 * forms may be framed by others.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TConfig } from '../config.ts';
import { contentSecurityPolicy, newNonce } from './csp.ts';
import { isSecureRequest } from './secure-request.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The CSP nonce of this response's HTML, made the first time it is read. */
    cspNonce: string;
    /** Where `cspNonce` keeps it once made ('' before). */
    cspNonceMade: string;
  }
}

const HSTS = 'max-age=31536000; includeSubDomains';

/** The embedded forms, under any locale prefix (spec §2: /forms/sign_in, /forms/sign_up). */
export const isEmbeddedForm = (url: string) =>
  /^\/(?:[a-z]{2}(?:-[a-zA-Z]{2})?\/)?forms\/(?:sign_in|sign_up)\/?(?:[?#]|$)/.test(url);

export interface TSecurityHeadersOptions {
  config: Pick<TConfig, 'PUBLIC_URL' | 'FRAME_PARTNER_ORIGINS'>;
  /** Third-party script hosts the operator configured (chat, analytics, custom code). */
  scriptHosts: () => Promise<string[]>;
}

const isHtml = (contentType: unknown) => String(contentType ?? '').startsWith('text/html');

/**
 * What no cache may keep: every API answer (they depend on the session; a call that is public and cacheable
 * says so with its own Cache-Control) and every HTML page shown to a signed-in player.
 */
const isPrivateAnswer = (request: FastifyRequest, html: boolean, hasCacheControl: boolean) =>
  (request.url.startsWith('/api/') && !hasCacheControl) || (html && Boolean(request.player));

/** Our own pages may always frame our pages; the partners only the embedded forms. */
export const frameAncestorsFor = (request: FastifyRequest, partners: string[]) =>
  isEmbeddedForm(request.url) ? ["'self'", ...partners] : ["'self'"];

export const registerSecurityHeaders = (
  app: FastifyInstance,
  { config, scriptHosts }: TSecurityHeadersOptions,
) => {
  // Made when a page asks for it: most responses are API answers with no HTML, and 16 random bytes for each of
  // them cost more of the wallet API's server CPU (bench:wallet) than its HMAC check.
  app.decorateRequest('cspNonceMade', '');
  app.decorateRequest('cspNonce', {
    getter(this: FastifyRequest) {
      if (!this.cspNonceMade) this.cspNonceMade = newNonce();
      return this.cspNonceMade;
    },
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    if (isSecureRequest(request, config)) reply.header('strict-transport-security', HSTS);
    const embedded = isEmbeddedForm(request.url);
    if (embedded) reply.removeHeader('x-frame-options');
    else reply.header('x-frame-options', 'SAMEORIGIN');
    const html = isHtml(reply.getHeader('content-type'));
    if (isPrivateAnswer(request, html, reply.hasHeader('cache-control')))
      reply.header('cache-control', 'no-store');
    // A page that set its own policy (the back-office's tighter one) keeps it.
    if (!html || reply.hasHeader('content-security-policy')) return;
    reply.header(
      'content-security-policy',
      contentSecurityPolicy({
        nonce: request.cspNonce,
        frameAncestors: frameAncestorsFor(request, config.FRAME_PARTNER_ORIGINS),
        scriptHosts: await scriptHosts(),
      }),
    );
  });
};
