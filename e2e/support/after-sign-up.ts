/**
 * After Register (spec §4 Registration steps 4-5, issue 41): the dialogs registration queued (confirm e-mail,
 * unseen cashback, campaign) show one at a time, and the site opens the deposit page once the last is closed.
 * `untilDepositPage(page)` closes each in turn until the page is there.
 */
import type { Page } from 'playwright-core';

export const untilDepositPage = async (page: Page, pathname = '/cashier/deposit') => {
  const deadline = Date.now() + 30_000;
  const authPopup = page.locator('[role="dialog"]:has([data-auth-view])');
  while (new URL(page.url()).pathname !== pathname) {
    if (Date.now() > deadline) throw new Error(`registration did not lead to ${pathname} (at ${page.url()})`);
    // The sign-up popup closes itself; a queued dialog waits for the player.
    if ((await authPopup.count()) === 0 && (await page.getByRole('dialog').count()) > 0)
      await page.keyboard.press('Escape');
    await page.waitForTimeout(250);
  }
};
