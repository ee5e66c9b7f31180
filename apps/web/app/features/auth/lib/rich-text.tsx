/**
 * A sanitised rich-text label (the terms checkbox): only a, b, i, strong, em and br survive, links only with
 * http(s), mailto or same-site hrefs. It builds React elements, never HTML strings, so the server and the
 * browser render the same and nothing can be injected.
 */
import { Fragment, type ReactNode } from 'react';

const ALLOWED = new Set(['a', 'b', 'i', 'strong', 'em', 'br']);
const TOKEN = /<\s*(\/?)\s*([a-zA-Z][a-zA-Z0-9]*)([^>]*)>|([^<]+)|(<)/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
const decode = (text: string) =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (match, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? match;
  });

/** A safe href or null: absolute http(s) and mailto, or a path on this site (never `//host` or `javascript:`). */
export const safeHref = (raw: string): string | null => {
  const href = decode(raw).trim();
  // Control characters and whitespace inside a scheme are how `java\tscript:` slips through: refuse them.
  if ([...href].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)) return null;
  if (/^(https?:|mailto:)/i.test(href)) return href;
  if (href.startsWith('/') && !href.startsWith('//') && !href.startsWith('/\\')) return href;
  if (href.startsWith('#')) return href;
  return null;
};

const attribute = (attrs: string, name: string): string | null => {
  const match = new RegExp(`${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(attrs);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : null;
};

interface TNode {
  tag: string;
  href?: string | null;
  children: Array<TNode | string>;
}

export const parseRichText = (source: string): Array<TNode | string> => {
  const root: TNode = { tag: '#root', children: [] };
  const stack: TNode[] = [root];
  const top = () => stack[stack.length - 1]!;
  for (const match of source.matchAll(TOKEN)) {
    const [, closing, rawTag, attrs = '', text, lone] = match;
    if (text !== undefined || lone !== undefined) {
      top().children.push(decode(text ?? lone ?? ''));
      continue;
    }
    const tag = rawTag!.toLowerCase();
    if (!ALLOWED.has(tag)) continue; // unknown tags vanish, their text stays
    if (tag === 'br') {
      top().children.push({ tag: 'br', children: [] });
    } else if (closing) {
      const index = stack.findLastIndex((node) => node.tag === tag);
      if (index > 0) stack.length = index;
    } else {
      const node: TNode = { tag, children: [] };
      if (tag === 'a') node.href = safeHref(attribute(attrs, 'href') ?? '');
      top().children.push(node);
      stack.push(node);
    }
  }
  return root.children;
};

const toReact = (nodes: Array<TNode | string>, linkClass: string): ReactNode[] =>
  nodes.map((node, index) => {
    const key = `${index}`;
    if (typeof node === 'string') return <Fragment key={key}>{node}</Fragment>;
    const children = toReact(node.children, linkClass);
    switch (node.tag) {
      case 'br':
        return <br key={key} />;
      case 'a': {
        if (!node.href) return <Fragment key={key}>{children}</Fragment>;
        const isExternal = /^https?:/i.test(node.href);
        return (
          <a
            key={key}
            href={node.href}
            className={linkClass}
            target="_blank"
            rel={isExternal ? 'noopener noreferrer nofollow' : 'noopener'}
            onClick={(event) => event.stopPropagation()}
          >
            {children}
          </a>
        );
      }
      case 'b':
        return <b key={key}>{children}</b>;
      case 'strong':
        return <strong key={key}>{children}</strong>;
      case 'i':
        return <i key={key}>{children}</i>;
      default:
        return <em key={key}>{children}</em>;
    }
  });

export function RichText({ source, linkClassName = '' }: { source: string; linkClassName?: string }) {
  return <>{toReact(parseRichText(source), linkClassName)}</>;
}
