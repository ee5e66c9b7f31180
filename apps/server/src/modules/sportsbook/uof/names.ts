/**
 * Market and outcome names from the descriptions' templates (docs: "Market and outcome name templates"), e.g.
 * "Total {total}", "{$competitor1} ({+hcp})", "{!periodnr} half - 1x2". A template's expressions:
 *   {X}            the value of specifier X;           {(X+c)} / {(X-c)}  that value plus / minus c
 *   {!X}           X as an ordinal (1st, 2nd…);        {+X} / {-X}        X / −X with its sign (+1.5, -1.5, 0)
 *   {$competitor1} {$competitor2} {$event}             the competitors' and the event's names
 *   {%X}           the name of the player or competitor whose URN specifier X holds
 */

export class UofNameError extends Error {
  override name = 'UofNameError';
}

export interface TNameContext {
  specifiers: Record<string, string>;
  /** The site's locale (ordinals); names themselves come from the descriptions of that locale. */
  locale: string;
  /** Home and away (competitor1, competitor2), in that locale. */
  competitors?: readonly [string, string];
  /** The event's name; by default "competitor1 vs. competitor2". */
  eventName?: string;
  /** Names of players and competitors by URN (sr:player:123), for {%X}. */
  entityName?: (urn: string) => string | undefined;
}

const fail = (template: string, problem: string): never => {
  throw new UofNameError(`name template "${template}": ${problem}`);
};

const NUMBER = /^[-+]?\d+(\.\d+)?$/;

/** A number's text kept as sent ("2.50" stays "2.50"), with a sign in front when positive. */
const signed = (text: string) => {
  const value = Number(text);
  if (value === 0) return '0';
  const bare = text.replace(/^[-+]/, '');
  return value > 0 ? `+${bare}` : `-${bare}`;
};

const negated = (text: string) =>
  text.startsWith('-') ? `+${text.slice(1)}` : `-${text.replace(/^\+/, '')}`;

const ORDINAL_EN: Record<string, string> = { one: 'st', two: 'nd', few: 'rd', other: 'th' };
const ordinal = (n: number, locale: string) => {
  if (locale.toLowerCase().startsWith('en')) {
    const category = new Intl.PluralRules('en', { type: 'ordinal' }).select(n);
    return `${n}${ORDINAL_EN[category] ?? 'th'}`;
  }
  // Most other languages write an ordinal as the number and a dot (German, Nordic, Slavic, Turkish…).
  return `${n}.`;
};

/** The value an operand stands for: a specifier, or `(X+c)` / `(X-c)` on an integer specifier. */
const operandValue = (template: string, operand: string, specifiers: Record<string, string>) => {
  const arithmetic = /^\((\w+)([+-])(\d+)\)$/.exec(operand);
  const name = arithmetic ? (arithmetic[1] ?? '') : operand;
  const value = specifiers[name];
  if (value === undefined) return fail(template, `no specifier ${name}`);
  if (!arithmetic) return value;
  if (!NUMBER.test(value)) return fail(template, `specifier ${name} "${value}" is not a number`);
  const c = Number(arithmetic[3]);
  return String(arithmetic[2] === '+' ? Number(value) + c : Number(value) - c);
};

const expression = (template: string, inner: string, context: TNameContext): string => {
  const operator = inner[0];
  const operand = inner.slice(1);
  switch (operator) {
    case '$': {
      const [home, away] = context.competitors ?? [];
      if (operand === 'competitor1' || operand === 'competitor2') {
        const name = operand === 'competitor1' ? home : away;
        return name ?? fail(template, `no name for ${operand}`);
      }
      if (operand === 'event') {
        if (context.eventName) return context.eventName;
        return home && away ? `${home} vs. ${away}` : fail(template, 'no name for the event');
      }
      return fail(template, `unknown {$${operand}}`);
    }
    case '!': {
      const value = operandValue(template, operand, context.specifiers);
      if (!/^\d+$/.test(value)) return fail(template, `{!${operand}} needs a whole number, not "${value}"`);
      return ordinal(Number(value), context.locale);
    }
    case '+':
    case '-': {
      const value = operandValue(template, operand, context.specifiers);
      if (!NUMBER.test(value)) return fail(template, `{${inner}} needs a number, not "${value}"`);
      return operator === '+' ? signed(value) : signed(negated(value));
    }
    case '%': {
      const urn = operandValue(template, operand, context.specifiers);
      return context.entityName?.(urn) ?? fail(template, `no name for ${urn}`);
    }
    default:
      return operandValue(template, inner, context.specifiers);
  }
};

/** Renders a market or outcome name template; throws UofNameError for a malformed one or a missing value. */
export const renderName = (template: string, context: TNameContext): string => {
  let out = '';
  let at = 0;
  while (at < template.length) {
    const open = template.indexOf('{', at);
    const close = template.indexOf('}', at);
    if (open < 0 && close < 0) break;
    if (close >= 0 && (open < 0 || close < open)) return fail(template, 'a } without its {');
    const end = template.indexOf('}', open);
    if (end < 0) return fail(template, 'a { without its }');
    const inner = template.slice(open + 1, end);
    if (inner === '' || inner.includes('{')) return fail(template, `malformed expression {${inner}}`);
    out += template.slice(at, open) + expression(template, inner, context);
    at = end + 1;
  }
  return out + template.slice(at);
};
