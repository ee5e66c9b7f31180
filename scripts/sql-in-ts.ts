/**
 * Reads TypeScript source for the SQL it holds (scripts/check-table-owners.ts): its string and template literals,
 * and the tables a piece of SQL names.
 */
export type TLiteral = { start: number; text: string };

/**
 * Splits TypeScript source into its code (comments and literals blanked, offsets kept) and its string literals
 * (a template literal with its `${…}` holes replaced by `?`, so that a hole never joins the words around it).
 */
export function scanTs(source: string): { code: string; literals: TLiteral[] } {
  const code = source.split('');
  const literals: TLiteral[] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < to; k++) if (code[k] !== '\n') code[k] = ' ';
  };
  let i = 0;
  let lastSignificant = '';
  // A literal's text keeps the source's offsets (escapes stay as written), so a match maps back to its line.
  const readString = (quote: string) => {
    const start = i;
    i++;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
    literals.push({ start: start + 1, text: source.slice(start + 1, i) });
    blank(start + 1, i);
    i++;
  };
  // A template: its text, then each hole's code scanned as code (it may hold templates of its own).
  const readTemplate = () => {
    const start = i;
    i++;
    let text = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source.slice(i, i + 2);
        blank(i, i + 2);
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        const hole = i;
        i += 2;
        readCode('}');
        i++;
        text += ` ?${' '.repeat(i - hole - 2)}`;
      } else {
        text += source[i];
        blank(i, i + 1);
        i++;
      }
    }
    literals.push({ start: start + 1, text });
    i++;
  };
  const readCode = (until: string | null) => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i] ?? '';
      if (until && c === until && depth === 0) return;
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (c === '/' && source[i + 1] === '/') {
        const end = source.indexOf('\n', i);
        const stop = end === -1 ? source.length : end;
        blank(i, stop);
        i = stop;
      } else if (c === '/' && source[i + 1] === '*') {
        const end = source.indexOf('*/', i + 2);
        const stop = end === -1 ? source.length : end + 2;
        blank(i, stop);
        i = stop;
      } else if (c === "'" || c === '"') {
        readString(c);
        lastSignificant = 'x';
      } else if (c === '`') {
        readTemplate();
        lastSignificant = 'x';
      } else if (c === '/' && /^$|[(,=:[!&|?{};+\-*%<>~^]$/.test(lastSignificant)) {
        // a regular expression literal: skip it whole (its quotes are not strings)
        i++;
        let inClass = false;
        while (i < source.length && source[i] !== '\n') {
          if (source[i] === '\\') i++;
          else if (source[i] === '[') inClass = true;
          else if (source[i] === ']') inClass = false;
          else if (source[i] === '/' && !inClass) break;
          i++;
        }
        i++;
        lastSignificant = 'x';
      } else {
        if (!/\s/.test(c)) lastSignificant = /\w/.test(c) ? 'x' : c;
        if (/\w/.test(c)) {
          const word = /^\w+/.exec(source.slice(i, i + 20))?.[0] ?? c;
          if (word === 'return' || word === 'typeof') lastSignificant = '(';
          i += word.length;
          continue;
        }
        i++;
      }
    }
  };
  readCode(null);
  return { code: code.join(''), literals };
}

const KEYWORD = /\b(from|join|update|into|table|using)\s+/gi;
const NAME = /^(?:(?:only|lateral)\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/i;
const NOT_ALIAS = new Set(
  'where join inner left right full cross natural on using group order limit offset for set values select returning union except intersect having window as lateral'.split(
    ' ',
  ),
);

/** The tables a piece of SQL names after from/join/update/into/table/using (a comma list after from too). */
export function tablesNamed(sql: string): { name: string; at: number }[] {
  const ctes = new Set(
    [...sql.matchAll(/\b([a-z_][a-z0-9_]*)\s+as\s+(?:not\s+)?(?:materialized\s+)?\(/gi)].map((m) =>
      (m[1] ?? '').toLowerCase(),
    ),
  );
  const found: { name: string; at: number }[] = [];
  for (const m of sql.matchAll(KEYWORD)) {
    let at = (m.index ?? 0) + m[0].length;
    const keyword = (m[1] ?? '').toLowerCase();
    for (;;) {
      const named = NAME.exec(sql.slice(at));
      if (!named) break;
      const name = (named[1] ?? '').toLowerCase();
      const after = at + named[0].length;
      // a function (from unnest(...), ledger_balances_at(...)) is not a table; after into, ( opens the columns
      if (keyword !== 'into' && /^\s*\(/.test(sql.slice(after))) break;
      if (!ctes.has(name)) found.push({ name, at });
      if (keyword !== 'from') break;
      // from a x, b y: the comma list goes on
      const rest = /^(\s+(?:as\s+)?([a-z_][a-z0-9_]*))?\s*,\s*/i.exec(sql.slice(after));
      if (!rest || (rest[2] && NOT_ALIAS.has(rest[2].toLowerCase()))) break;
      at = after + rest[0].length;
    }
  }
  return found;
}
