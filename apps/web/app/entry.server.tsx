/** Server rendering: streams the shell to browsers, waits for everything for bots (SEO). */
import { PassThrough, Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import type { EntryContext, RouterContextProvider } from 'react-router';
import { ServerRouter } from 'react-router';
import { servicesContext } from './lib/server/services';
import { isPublicPage, PUBLIC_PAGE_HEADER } from './lib/site/public-pages';

// The server adapter builds its handler and load context from these, so both share this build's
// copy of react-router.
export { createRequestHandler } from 'react-router';
export { createLoadContext } from './lib/server/services';

export const streamTimeout = 5_000;

/**
 * React moves a finished Suspense boundary out of the document order once the page passes ~12.8 KB, to stream
 * the shell sooner: hidden at first, revealed by a script in a later frame (throttled). Our loaders finish
 * before the render starts, so the whole page is ready at once: outlined rows and footer only cost a second
 * style and layout pass and appear later. Only boundaries that are still waiting stream out of order.
 */
const NO_OUTLINING = 1 << 30;

/**
 * React Router preloads every module of the page (~145 KB gzip) from `<head>` at high priority, ahead of the
 * stylesheet and the hero image. Marked `fetchpriority="low"` they still start at once, but the CSS and the
 * LCP image go first, and the first paint no longer waits on script downloads. Only the head is rewritten;
 * the body streams through untouched.
 */
export const lowPriorityModulePreloads = () => {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  let inHead = true;
  const rewrite = (html: string) =>
    html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"');
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      const text = pending + decoder.write(chunk);
      const headEnd = text.indexOf('</head>');
      if (headEnd >= 0) {
        inHead = false;
        pending = '';
        return callback(null, rewrite(text.slice(0, headEnd)) + text.slice(headEnd));
      }
      // A tag may be cut between chunks: hold back everything from the last '<'.
      const cut = text.lastIndexOf('<');
      pending = cut >= 0 ? text.slice(cut) : '';
      callback(null, rewrite(cut >= 0 ? text.slice(0, cut) : text));
    },
    flush(callback) {
      callback(null, rewrite(pending + decoder.end()));
    },
  });
};

/** The load context of a test render may have no services: no nonce then. */
const nonceOf = (loadContext: RouterContextProvider) => {
  try {
    return loadContext.get(servicesContext).nonce || undefined;
  } catch {
    return undefined;
  }
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const userAgent = request.headers.get('user-agent');
  // Spec §8: bot user agents get no error page, only the status.
  if (userAgent && isbot(userAgent) && responseStatusCode >= 400) {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // A visitor's public page is read whole by the host that keeps it: it waits for everything, so an error in any
    // part of it makes it a 500, never a kept page (lib/site/public-pages.ts).
    const publicPage = isPublicPage(routerContext.staticHandlerContext, responseStatusCode);
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode || publicPage
        ? 'onAllReady'
        : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );

    // The host's CSP allows inline scripts with this nonce only: React Router's (hydration data, manifest,
    // route modules) get it from ServerRouter, React's own (streamed Suspense boundaries) from the option.
    const nonce = nonceOf(loadContext);
    const { pipe, abort } = renderToPipeableStream(
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />,
      {
        nonce,
        progressiveChunkSize: NO_OUTLINING,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          if (publicPage && responseStatusCode === 200) responseHeaders.set(PUBLIC_PAGE_HEADER, '1');
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body.pipe(lowPriorityModulePreloads())), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
