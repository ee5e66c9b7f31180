/**
 * Reads SQL text as PostgreSQL does, far enough to split it into statements and find the functions a text
 * defines: comments, quoted strings and identifiers, and dollar-quoted bodies are skipped whole.
 */

export interface TSqlStatement {
  /** The statement from its first word to its semicolon (comments and blank lines before it left out). */
  text: string;
  /** The contents of its dollar-quoted strings, in order (a function's body is the first). */
  dollarQuoted: string[];
}

const DOLLAR_TAG = /\$(?:[A-Za-z_][A-Za-z_0-9]*)?\$/y;

/** Where the comment, string or dollar quote starting at `i` ends, or -1 when none starts there. */
const skipQuoted = (text: string, i: number, dollarQuoted: string[]): number => {
  if (text.startsWith('--', i)) {
    const end = text.indexOf('\n', i);
    return end < 0 ? text.length : end + 1;
  }
  if (text.startsWith('/*', i)) {
    const end = text.indexOf('*/', i + 2);
    if (end < 0) throw new Error(`unterminated comment at ${i}`);
    return end + 2;
  }
  const c = text[i];
  if (c === "'" || c === '"') {
    let j = i + 1;
    for (;;) {
      const end = text.indexOf(c, j);
      if (end < 0) throw new Error(`unterminated ${c} at ${i}`);
      if (text[end + 1] !== c) return end + 1;
      j = end + 2;
    }
  }
  if (c === '$' && !/[A-Za-z_0-9]/.test(text[i - 1] ?? ' ')) {
    DOLLAR_TAG.lastIndex = i;
    const tag = DOLLAR_TAG.exec(text)?.[0];
    if (tag) {
      const end = text.indexOf(tag, i + tag.length);
      if (end < 0) throw new Error(`unterminated ${tag} at ${i}`);
      dollarQuoted.push(text.slice(i + tag.length, end));
      return end + tag.length;
    }
  }
  return -1;
};

/** The statements of a text, in order. */
export const splitStatements = (text: string): TSqlStatement[] => {
  const statements: TSqlStatement[] = [];
  let i = 0;
  while (i < text.length) {
    // Blank space and comments between statements.
    if (/\s/.test(text[i] ?? '')) {
      i += 1;
      continue;
    }
    if (text.startsWith('--', i) || text.startsWith('/*', i)) {
      i = skipQuoted(text, i, []);
      continue;
    }
    const start = i;
    const dollarQuoted: string[] = [];
    while (i < text.length && text[i] !== ';') {
      const end = skipQuoted(text, i, dollarQuoted);
      i = end >= 0 ? end : i + 1;
    }
    i = Math.min(i + 1, text.length);
    statements.push({ text: text.slice(start, i), dollarQuoted });
  }
  return statements;
};

const DEFINITION = /^create\s+(?:or\s+replace\s+)?(function|procedure)\s+([^\s(]+)\s*\(/i;

/** The names of the functions and procedures a text defines, as written (the migrations' check: none). */
export const definedRoutines = (text: string): string[] =>
  splitStatements(text).flatMap((statement) => {
    const name = DEFINITION.exec(statement.text)?.[2];
    return name ? [name] : [];
  });

export interface TSqlFunction {
  name: string;
  kind: 'function' | 'procedure';
  /** Its body as the database keeps it (`pg_proc.prosrc`): the first dollar-quoted string. */
  body: string;
  statement: string;
}

/** The functions and procedures a statement list defines (`create [or replace] function|procedure`). */
export const functionDefinitions = (statements: TSqlStatement[]): TSqlFunction[] =>
  statements.flatMap((statement) => {
    const match = DEFINITION.exec(statement.text);
    if (!match) return [];
    const [, kind = '', name = ''] = match;
    if (!/^[a-z_][a-z_0-9]*$/.test(name))
      throw new Error(`${name}: a function is named in lower case without a schema (it goes to public)`);
    const body = statement.dollarQuoted[0];
    if (body === undefined) throw new Error(`${name}: write the body as a dollar-quoted string ($$ … $$)`);
    return [{ name, kind: kind.toLowerCase() as TSqlFunction['kind'], body, statement: statement.text }];
  });
