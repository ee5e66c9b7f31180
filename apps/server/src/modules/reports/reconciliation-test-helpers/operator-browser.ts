/** Test-only (reconciliation.property.test.ts): the operator's browser on the back-office pages of a run. */
import type { TTestApp } from '../../../test/test-app.ts';
import { type makeOperator, signInOperator } from '../../backoffice/backoffice-test-helpers.ts';

export type TForm = Record<string, string | string[]>;

/** The one-time key of the form posting to `action` on a page, if it has one (each render makes a fresh one). */
const formKey = (body: string, action: string) =>
  new RegExp(`action="${action}">(?:(?!</form>)[\\s\\S])*?name="key" value="([^"]+)"`).exec(body)?.[1] ?? '';

export class OperatorBrowser {
  private browser!: Awaited<ReturnType<typeof signInOperator>>;
  private lastSeen = 0;
  private readonly t: TTestApp;
  private readonly operator: Awaited<ReturnType<typeof makeOperator>>;

  constructor(t: TTestApp, operator: Awaited<ReturnType<typeof makeOperator>>) {
    this.t = t;
    this.operator = operator;
  }

  /** The browser, signed in again when its session has idled (30 minutes of the clock end it). */
  async open() {
    const now = () => this.t.app.ctx.providers.clock.now().getTime();
    if (now() - this.lastSeen > 20 * 60_000)
      this.browser = await signInOperator(this.t.app, this.t.clock, this.operator);
    this.lastSeen = now();
    return this.browser;
  }

  /** The operator opens `page` and submits a form of it to `action`; it must lead to a page saying `ok`. */
  async submit(page: string, action: string, form: TForm, ok: RegExp) {
    const browser = await this.open();
    const body = (await browser.get(page)).body;
    const key = formKey(body, action);
    const posted = key ? { key, ...form } : form;
    let r = await browser.post(action, posted);
    // A money action answers its confirmation page first (ADR 064): the operator confirms it, as in a browser.
    if (r.statusCode === 200 && r.body.includes('name="confirmed" value="1"')) {
      const requestKey = /name="request_key" value="([^"]+)"/.exec(r.body)?.[1] ?? '';
      r = await browser.post(action, { ...posted, request_key: requestKey, confirmed: '1' });
    }
    const to = String(r.headers.location ?? '');
    if (r.statusCode !== 303 || !ok.test(to)) throw new Error(`${action}: ${r.statusCode} ${to}`);
    return to;
  }
}
