/**
 * The message usages of one source text, read from its syntax tree (Vite's own parser, rolldown/oxc): what
 * scripts/extract-messages.ts collects from every file of the site and the server.
 */
import { parseAst } from 'rolldown/parseAst';

export interface TUsage {
  /** The key when it is literal; undefined for a dynamic one. */
  key?: string;
  /** The English default given at the call, when literal. */
  defaultValue?: string;
  /** The call has a defaultValue, but it is computed. */
  dynamicDefault?: boolean;
  kind: 'call' | 'table' | 'property' | 'server';
  /** The key expression as written, for a dynamic key (e.g. `cashier.method.${…}`). */
  pattern?: string;
  file: string;
  line: number;
}

type TNode = { type: string; start: number; end: number; [k: string]: unknown };

const KEY_SHAPE = /^[A-Za-z][\w-]*(\.[\w$-]+)+$/;

const isNode = (v: unknown): v is TNode =>
  typeof v === 'object' && v !== null && typeof (v as TNode).type === 'string';

/** A string the code spells out: a literal, a template without `${}`, or `'a' + 'b'`. */
const staticString = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral' && (node.expressions as unknown[]).length === 0)
    return ((node.quasis as { value: { cooked: string } }[])[0]?.value.cooked ?? '') as string;
  if (node.type === 'BinaryExpression' && node.operator === '+') {
    const left = staticString(node.left);
    const right = staticString(node.right);
    return left !== undefined && right !== undefined ? left + right : undefined;
  }
  if (
    node.type === 'TSAsExpression' ||
    node.type === 'TSSatisfiesExpression' ||
    node.type === 'ParenthesizedExpression'
  )
    return staticString(node.expression);
  return undefined;
};

const propName = (prop: TNode): string | undefined => {
  if (prop.type !== 'Property' || prop.computed) return undefined;
  const key = prop.key as TNode;
  if (key.type === 'Identifier') return key.name as string;
  if (key.type === 'Literal') return String(key.value);
  return undefined;
};

const isTranslateCall = (node: TNode): boolean => {
  const callee = node.callee as TNode;
  if (callee.type === 'Identifier') return callee.name === 't';
  if (callee.type === 'MemberExpression' && !callee.computed) return (callee.property as TNode).name === 't';
  return false;
};

const walk = (node: unknown, visit: (n: TNode) => void) => {
  if (Array.isArray(node)) {
    for (const child of node) walk(child, visit);
    return;
  }
  if (!isNode(node)) return;
  visit(node);
  for (const [key, value] of Object.entries(node)) {
    if (key === 'start' || key === 'end' || key === 'range') continue;
    if (typeof value === 'object' && value !== null) walk(value, visit);
  }
};

/** Every message usage of one source text. */
export const usagesOf = (source: string, file: string, namespaces: Set<string>): TUsage[] => {
  const program = parseAst(source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' }, file);
  const lineStarts = [0];
  for (let i = 0; i < source.length; i++) if (source[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    let lo = 0;
    let hi = lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((lineStarts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  // `const LABELS = { a: 'A', b: 'B' }` of the file: `t(\`ns.${p}\`, { defaultValue: LABELS[p] })` then names
  // every key the call can ask for (ns.a, ns.b), with its default.
  const maps = new Map<string, Map<string, string>>();
  walk(program, (node) => {
    if (node.type !== 'VariableDeclarator' || (node.id as TNode).type !== 'Identifier') return;
    let init = node.init as TNode | null;
    while (init && (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression'))
      init = init.expression as TNode;
    if (init?.type !== 'ObjectExpression') return;
    const entries = new Map<string, string>();
    for (const prop of init.properties as TNode[]) {
      const name = propName(prop);
      const value = name === undefined ? undefined : staticString(prop.value);
      if (name === undefined || value === undefined) return;
      entries.set(name, value);
    }
    maps.set((node.id as TNode).name as string, entries);
  });
  const text = (n: TNode) => source.slice(n.start, n.end);
  const expand = (keyArg: TNode, defaultNode: TNode | undefined): [string, string][] | undefined => {
    if (keyArg.type !== 'TemplateLiteral' || (keyArg.expressions as TNode[]).length !== 1 || !defaultNode)
      return undefined;
    const [expression] = keyArg.expressions as TNode[];
    const [head, tail] = (keyArg.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked);
    let lookupNode = defaultNode;
    if (lookupNode.type === 'LogicalExpression') lookupNode = lookupNode.left as TNode;
    if (lookupNode.type !== 'MemberExpression' || !lookupNode.computed) return undefined;
    const object = lookupNode.object as TNode;
    const map = object.type === 'Identifier' ? maps.get(object.name as string) : undefined;
    if (!map || text(lookupNode.property as TNode) !== text(expression as TNode)) return undefined;
    return [...map].map(([name, value]) => [`${head}${name}${tail}`, value]);
  };
  const usages: TUsage[] = [];
  walk(program, (node) => {
    if (node.type === 'CallExpression' && isTranslateCall(node)) {
      const [keyArg, options] = node.arguments as TNode[];
      if (!keyArg) return;
      const key = staticString(keyArg);
      const line = lineOf(node.start);
      const defaultProp =
        isNode(options) && options.type === 'ObjectExpression'
          ? (options.properties as TNode[]).find((p) => propName(p) === 'defaultValue')
          : undefined;
      const expanded =
        key === undefined ? expand(keyArg, defaultProp?.value as TNode | undefined) : undefined;
      if (expanded) {
        for (const [k, d] of expanded) usages.push({ key: k, defaultValue: d, kind: 'call', file, line });
        return;
      }
      const usage: TUsage = { kind: 'call', file, line };
      if (key !== undefined) usage.key = key;
      else usage.pattern = source.slice(keyArg.start, keyArg.end).replace(/\s+/g, ' ');
      if (defaultProp) {
        const value = staticString(defaultProp.value);
        if (value !== undefined) usage.defaultValue = value;
        else usage.dynamicDefault = true;
      }
      usages.push(usage);
      return;
    }
    if (node.type === 'ArrayExpression') {
      const elements = node.elements as TNode[];
      if (elements.length < 2) return;
      const key = staticString(elements[0]);
      const text = staticString(elements[1]);
      if (key === undefined || text === undefined || !KEY_SHAPE.test(key) || KEY_SHAPE.test(text)) return;
      if (!namespaces.has(key.split('.')[0] as string)) return;
      usages.push({ key, defaultValue: text, kind: 'table', file, line: lineOf(node.start) });
      return;
    }
    if (node.type === 'ObjectExpression') {
      const props = node.properties as TNode[];
      for (const prop of props) {
        const name = propName(prop);
        if (!name || !(/.Key$/.test(name) || name === 'key')) continue;
        const key = staticString(prop.value);
        if (key === undefined || !KEY_SHAPE.test(key)) continue;
        // A bare `key:` is a message key only in a known namespace (`{ key: 'header.nav.home', label: 'Home' }`).
        if (name === 'key' && !namespaces.has(key.split('.')[0] as string)) continue;
        const siblingNames = name === 'key' ? ['label', 'title', 'text'] : [name.slice(0, -'Key'.length)];
        const sibling = siblingNames
          .map((n) => props.find((p) => propName(p) === n))
          .find((p) => p !== undefined);
        const text = sibling ? staticString(sibling.value) : undefined;
        const usage: TUsage = { key, kind: 'property', file, line: lineOf(prop.start) };
        if (text !== undefined) usage.defaultValue = text;
        usages.push(usage);
      }
    }
  });
  return usages;
};

/**
 * The server's own texts: `t(locale, 'mail.key', vars)` of `modules/i18n/translate.ts` (mail subjects and bodies,
 * SMS). They have no default in the code: en is their only English.
 */
export const serverUsagesOf = (source: string, file: string): TUsage[] => {
  const program = parseAst(source, { lang: 'ts' }, file);
  const locals = new Set<string>();
  walk(program, (node) => {
    if (
      node.type !== 'ImportDeclaration' ||
      !/\/translate(\.ts)?$/.test(String((node.source as TNode).value))
    )
      return;
    for (const spec of node.specifiers as TNode[])
      if (spec.type === 'ImportSpecifier' && (spec.imported as TNode).name === 't')
        locals.add((spec.local as TNode).name as string);
  });
  if (locals.size === 0) return [];
  const usages: TUsage[] = [];
  walk(program, (node) => {
    if (node.type !== 'CallExpression') return;
    const callee = node.callee as TNode;
    if (callee.type !== 'Identifier' || !locals.has(callee.name as string)) return;
    const keyArg = (node.arguments as TNode[])[1];
    if (!keyArg) return;
    const key = staticString(keyArg);
    const line = source.slice(0, node.start).split('\n').length;
    if (key !== undefined) usages.push({ key, kind: 'server', file, line });
    else usages.push({ kind: 'server', pattern: source.slice(keyArg.start, keyArg.end), file, line });
  });
  return usages;
};
