/**
 * The page's CSP nonce in the browser, for elements that hydrate with one (React Router's `<Links>`): a script
 * exposes it as a property only (browsers hide its attribute). On the server the nonce comes from ServerRouter.
 */
let nonce: string | undefined;

export const browserNonce = () => {
  if (typeof document === 'undefined') return undefined;
  nonce ??= document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
  return nonce;
};
