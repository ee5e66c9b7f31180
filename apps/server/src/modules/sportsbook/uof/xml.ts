/**
 * XML for the UOF adapter: a document parsed into a small element tree (fast-xml-parser, namespaces dropped, entity
 * references decoded, nothing coerced), and an attribute reader that checks each value and names the element and
 * attribute it refuses. Malformed XML is a UofXmlError, never a crash.
 */
import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** XML that is not well-formed, or a document that is not what the UOF schema says. */
export class UofXmlError extends Error {
  override name = 'UofXmlError';
}

export interface TXmlElement {
  name: string;
  attrs: Record<string, string>;
  children: TXmlElement[];
  /** The element's own text (trimmed), '' when it has none. */
  text: string;
}

const ATTRS = ':@';
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
});

type TOrdered = Record<string, unknown>;

const toElement = (node: TOrdered): TXmlElement | null => {
  const name = Object.keys(node).find((key) => key !== ATTRS);
  if (!name || name === '#text' || name.startsWith('?')) return null;
  const attrs = (node[ATTRS] ?? {}) as Record<string, unknown>;
  const content = (node[name] ?? []) as TOrdered[];
  return {
    name,
    attrs: Object.fromEntries(
      Object.entries(attrs)
        // the namespace declarations are not data (removeNSPrefix leaves a bare `xmlns`)
        .filter(([key]) => key !== 'xmlns' && !key.startsWith('xmlns:'))
        .map(([key, value]) => [key, String(value)]),
    ),
    children: content.map(toElement).filter((e): e is TXmlElement => e !== null),
    text: content
      .map((c) => (c['#text'] === undefined ? '' : String(c['#text'])))
      .join('')
      .trim(),
  };
};

/** Parses a whole document into its root element; refuses what is not well-formed XML with one element at its root. */
export const parseXml = (input: string | Uint8Array): TXmlElement => {
  const text = (typeof input === 'string' ? input : Buffer.from(input).toString('utf8')).replace(
    /^\uFEFF/,
    '',
  );
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    const { msg, line, col } = valid.err;
    const at = col === undefined ? `line ${line}` : `line ${line}, column ${col}`;
    throw new UofXmlError(`malformed XML at ${at}: ${msg}`);
  }
  let nodes: TOrdered[];
  try {
    nodes = parser.parse(text) as TOrdered[];
  } catch (error) {
    throw new UofXmlError(`malformed XML: ${(error as Error).message}`);
  }
  const roots = nodes.map(toElement).filter((e): e is TXmlElement => e !== null);
  if (roots.length !== 1 || !roots[0])
    throw new UofXmlError('malformed XML: expected exactly one root element');
  return roots[0];
};

export const childrenNamed = (element: TXmlElement, name: string) =>
  element.children.filter((c) => c.name === name);

export const childNamed = (element: TXmlElement, name: string): TXmlElement | undefined =>
  element.children.find((c) => c.name === name);

const INTEGER = /^-?\d+$/;
const DECIMAL = /^-?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** Reads and checks an element's attributes; `where` names the element in errors (e.g. `odds_change/odds/market[2]`). */
export const attributesOf = (element: TXmlElement, where: string) => {
  const fail = (name: string, problem: string): never => {
    throw new UofXmlError(`${where}: attribute ${name} ${problem}`);
  };
  const raw = (name: string) => element.attrs[name];
  const required = (name: string) => {
    const value = raw(name);
    return value === undefined || value === '' ? fail(name, 'is missing') : value;
  };
  const asInt = (name: string, value: string) => {
    const n = Number(value);
    return INTEGER.test(value) && Number.isSafeInteger(n) ? n : fail(name, `"${value}" is not an integer`);
  };
  const asDecimal = (name: string, value: string) =>
    DECIMAL.test(value) && Number.isFinite(Number(value))
      ? Number(value)
      : fail(name, `"${value}" is not a decimal number`);
  const asOneOf = <T extends number>(name: string, value: number, allowed: readonly T[]): T =>
    allowed.includes(value as T)
      ? (value as T)
      : fail(name, `"${value}" is not one of ${allowed.join(', ')}`);
  return {
    where,
    str: (name: string) => required(name),
    optStr: (name: string) => raw(name),
    int: (name: string) => asInt(name, required(name)),
    optInt: (name: string) => (raw(name) === undefined ? undefined : asInt(name, raw(name) ?? '')),
    decimal: (name: string) => asDecimal(name, required(name)),
    optDecimal: (name: string) => (raw(name) === undefined ? undefined : asDecimal(name, raw(name) ?? '')),
    oneOf: <T extends number>(name: string, allowed: readonly T[]) =>
      asOneOf(name, asInt(name, required(name)), allowed),
    optOneOf: <T extends number>(name: string, allowed: readonly T[]) =>
      raw(name) === undefined ? undefined : asOneOf(name, asInt(name, raw(name) ?? ''), allowed),
    /** xs:boolean: true, false, 1 or 0. */
    optBool: (name: string) => {
      const value = raw(name);
      if (value === undefined) return undefined;
      if (value === 'true' || value === '1') return true;
      if (value === 'false' || value === '0') return false;
      return fail(name, `"${value}" is not a boolean`);
    },
    /** A URN such as sr:match:123 (prefix, type, numeric id). */
    urn: (name: string) => {
      const value = required(name);
      return URN.test(value) ? value : fail(name, `"${value}" is not a URN like sr:match:123`);
    },
  };
};

export const URN = /^[a-z][a-z0-9]*:[a-z_][a-z0-9_]*:\d+$/;
