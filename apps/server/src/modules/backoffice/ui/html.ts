/** A tiny HTML template tag: every interpolated value is escaped unless it is already `Html` (built by `html`). */
export class Html {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString() {
    return this.value;
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const render = (value: unknown): string => {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.value;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
};

export const html = (strings: TemplateStringsArray, ...values: unknown[]): Html =>
  new Html(strings.reduce((out, part, i) => out + part + (i < values.length ? render(values[i]) : ''), ''));

/** Trusted markup only (never anything that came from a request or the database). */
export const trusted = (markup: string) => new Html(markup);
