/**
 * Spec §4: the enabled custom code entries are injected when the app mounts, into the head, the start or the end
 * of the body. Their scripts are re-created (a script parsed by innerHTML never runs) and carry the page's CSP
 * nonce; the CSP already names their hosts (server: modules/metadata/script-hosts.ts).
 */
import type { TIntegrations } from '../../lib/site/types';

type TEntry = TIntegrations['customCode'][number];

const MARK = 'data-custom-code';

/** The entry's nodes, with runnable copies of its scripts. */
export const customCodeNodes = (doc: Document, code: string, nonce: string | undefined): Node[] => {
  const template = doc.createElement('template');
  template.innerHTML = code;
  return [...template.content.childNodes].map((node) => {
    if (!(node instanceof doc.defaultView!.HTMLScriptElement)) return node;
    const script = doc.createElement('script');
    for (const attribute of node.attributes) script.setAttribute(attribute.name, attribute.value);
    script.textContent = node.textContent;
    if (nonce) script.nonce = nonce;
    return script;
  });
};

/** Injects each entry once per page (a re-mount does not add it again). */
export const injectCustomCode = (doc: Document, entries: readonly TEntry[], nonce: string | undefined) => {
  for (const entry of entries) {
    if (doc.querySelector(`[${MARK}="${CSS.escape(entry.id)}"]`)) continue;
    const nodes = customCodeNodes(doc, entry.code, nonce);
    for (const node of nodes) if (node instanceof doc.defaultView!.Element) node.setAttribute(MARK, entry.id);
    if (entry.position === 'head') doc.head.append(...nodes);
    else if (entry.position === 'bodyStart') doc.body.prepend(...nodes);
    else doc.body.append(...nodes);
  }
};
