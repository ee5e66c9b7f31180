/** Loads a vendor's script with the page's CSP nonce; a failed load is retried once (spec §8). */
import { browserNonce } from '../../lib/csp-nonce';

export const injectScript = (src: string, attributes: Record<string, string> = {}): Promise<void> =>
  new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.async = true;
    script.src = src;
    const nonce = browserNonce();
    if (nonce) script.nonce = nonce;
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`script failed to load: ${src}`));
    };
    document.head.appendChild(script);
  });

/** `load` once more when it fails; the second failure is the caller's. */
export const withRetry =
  (load: (src: string) => Promise<void>) =>
  async (src: string): Promise<void> => {
    try {
      await load(src);
    } catch {
      await load(src);
    }
  };
