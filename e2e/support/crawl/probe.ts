/**
 * One crawl tab: records console errors and the requests to our own origin, opens a path, waits for hydration
 * and for our own requests to settle, and measures what the crawl checks (overflow, visible texts, body).
 */
import type { Page, Response } from 'playwright-core';

export interface TProbeLog {
  consoleErrors: string[];
  failedRequests: string[];
}

export interface TTab {
  page: Page;
  log: TProbeLog;
  /** Requests to our origin still under way. */
  inFlight: Set<unknown>;
}

// The document request of a navigation the next goto replaces is aborted by the browser, not by the site.
const isNavigationAbort = (failure: string | undefined) => failure === 'net::ERR_ABORTED';

export const instrument = (page: Page, origin: string): TTab => {
  const tab: TTab = { page, log: { consoleErrors: [], failedRequests: [] }, inFlight: new Set() };
  const ours = (url: string) => url.startsWith(origin);
  page.on('console', (message) => {
    if (message.type() === 'error') tab.log.consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => tab.log.consoleErrors.push(`uncaught: ${error.message}`));
  page.on('request', (request) => {
    if (ours(request.url())) tab.inFlight.add(request);
  });
  page.on('requestfinished', (request) => tab.inFlight.delete(request));
  page.on('requestfailed', (request) => {
    tab.inFlight.delete(request);
    const failure = request.failure()?.errorText;
    if (ours(request.url()) && !isNavigationAbort(failure))
      tab.log.failedRequests.push(`${request.method()} ${request.url().slice(origin.length)}: ${failure}`);
  });
  page.on('response', (response) => {
    if (
      ours(response.url()) &&
      response.status() >= 400 &&
      response.request().isNavigationRequest() === false
    )
      tab.log.failedRequests.push(
        `${response.request().method()} ${response.url().slice(origin.length)}: HTTP ${response.status()}`,
      );
  });
  return tab;
};

const settle = async (tab: TTab, quietMs = 120, capMs = 5000) => {
  const deadline = Date.now() + capMs;
  let quietSince = Date.now();
  while (Date.now() < deadline) {
    if (tab.inFlight.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

/** The paths a navigation was redirected from, first to last. */
export const redirectsOf = (response: Response | null, origin: string) => {
  const steps: string[] = [];
  for (let r = response?.request().redirectedFrom() ?? null; r; r = r.redirectedFrom())
    steps.unshift(r.url().slice(origin.length));
  return steps;
};

export const open = async (tab: TTab, url: string) => {
  tab.log.consoleErrors.length = 0;
  tab.log.failedRequests.length = 0;
  const response = await tab.page.goto(url, { waitUntil: 'load', timeout: 30_000 });
  // React marks the document as its root container once it has hydrated.
  const hydrated = await tab.page
    .waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')), null, {
      timeout: 15_000,
    })
    .then(() => true)
    .catch(() => false);
  await settle(tab);
  return { response, hydrated };
};

export interface TMeasure {
  overflow: number;
  /** The widest elements past the screen edge, for the failure message. */
  offenders: string[];
  emptyBody: boolean;
  texts: string[];
}

export const measure = (page: Page): Promise<TMeasure> =>
  page.evaluate(() => {
    const width = window.innerWidth;
    const scroller = document.scrollingElement ?? document.documentElement;
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList]
        .slice(0, 3)
        .map((c) => `.${c}`)
        .join('')}`;
    // html and body clip horizontal overflow (app.css), which hides it from scrollWidth: an element past the
    // screen's edge is cut off instead. It counts unless an ancestor of its own scrolls or clips it.
    const contained = new Map<Element, boolean>();
    const isContained = (el: Element | null): boolean => {
      if (!el || el === document.body || el === document.documentElement) return false;
      const known = contained.get(el);
      if (known !== undefined) return known;
      const style = getComputedStyle(el);
      const result =
        (style.overflowX !== 'visible' && el.getBoundingClientRect().width <= width + 1) ||
        isContained(el.parentElement);
      contained.set(el, result);
      return result;
    };
    const outside = (box: DOMRect) => box.width > 0 && (box.right > width + 1 || box.left < -1);
    const offenders: string[] = [];
    let past = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const box = el.getBoundingClientRect();
      if (!outside(box) || isContained(el.parentElement)) continue;
      if (!el.checkVisibility({ opacityProperty: true, visibilityProperty: true })) continue;
      past = Math.max(past, Math.round(box.right - width), Math.round(-box.left));
      // Only the outermost offender: its children overflow with it.
      if (el.parentElement && outside(el.parentElement.getBoundingClientRect())) continue;
      if (offenders.length < 5)
        offenders.push(`${describe(el)} [${Math.round(box.left)}..${Math.round(box.right)}]`);
    }
    const texts = new Set<string>([document.title]);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !node.textContent?.trim() || !parent.checkVisibility()) continue;
      texts.add(node.textContent);
      // A sentence split by inline markup (<b>, <a>) is the parent's whole text.
      if (parent.childNodes.length > 1 && (parent.textContent ?? '').length < 400)
        texts.add(parent.textContent ?? '');
    }
    for (const input of document.querySelectorAll('input[placeholder], textarea[placeholder]'))
      if (input.checkVisibility()) texts.add(input.getAttribute('placeholder') ?? '');
    const body = document.body;
    return {
      overflow: Math.max(scroller.scrollWidth - width, past),
      offenders,
      emptyBody: body.innerText.trim() === '' && !body.querySelector('svg, img, canvas, iframe'),
      texts: [...texts],
    };
  });
