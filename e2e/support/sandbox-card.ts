/**
 * The sandbox provider's hosted card page, paid as a player would: the card form, then the 3-D Secure step with
 * the one-time code the sandbox shows, until the payment lands on its success page. Every journey pays here.
 */
import type { Page } from 'playwright-core';

export interface TSandboxCardOptions {
  /** The card number as typed (spaces allowed). */
  card?: string;
  holder?: string;
  /** Called on the card form and on the 3-D Secure step (for screenshots). */
  shoot?: (step: 'sandbox-card' | 'sandbox-3ds') => Promise<void>;
}

/**
 * Pays the deposit whose hosted page is `url` (absolute: a makedeposit `redirect_url` resolved against the
 * site), or the one `page` is on or being sent to when `url` is left out. Resolves on /cashier/paysuccess/.
 */
export const payBySandboxCard = async (page: Page, url?: string, options: TSandboxCardOptions = {}) => {
  if (url) await page.goto(url);
  await page.waitForURL(/\/sandbox-pay\//);
  await page.getByLabel('Card number').fill(options.card ?? '4242 4242 4242 4242');
  await page.getByLabel('Card holder').fill(options.holder ?? 'Jane Player');
  await page.getByLabel('Expiry (MM/YY)').fill('12/39');
  await page.getByLabel('CVV').fill('123');
  await options.shoot?.('sandbox-card');
  await page.getByRole('button', { name: /^Pay / }).click();
  await page.getByTestId('otp').waitFor();
  await options.shoot?.('sandbox-3ds');
  const otp = ((await page.getByTestId('otp').textContent()) ?? '').trim();
  await page.getByLabel('One-time code').fill(otp);
  // The success page's document, not its every image: on a loaded machine its load event alone took over 15 s.
  await Promise.all([
    page.waitForURL(/\/cashier\/paysuccess/, { timeout: 30_000, waitUntil: 'domcontentloaded' }),
    page.getByRole('button', { name: 'Confirm' }).click(),
  ]);
};
