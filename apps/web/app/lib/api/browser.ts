/** The browser's API client: the page's locale, `_non_strict` inside a frame. */
import { createApiClient } from './client';
import { reportRefusal } from './refusal-handlers';

const inFrame = () => {
  try {
    return window.self !== window.top;
  } catch {
    return true;
  }
};

export const api = createApiClient({
  fetch: (input, init) => fetch(input, init),
  locale: () => (typeof document === 'undefined' ? 'en' : document.documentElement.lang || 'en'),
  nonStrict: () => typeof window !== 'undefined' && inFrame(),
  onRefusal: reportRefusal,
});
