/**
 * What a new player does on the site in several journeys, step by step as in a browser: registers in the popup (with
 * a promo code, a character), deposits through the sandbox card page, confirms the e-mail, fills in a withdrawal.
 */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { untilDepositPage } from './after-sign-up.ts';
import { closeDialogs, mailedCode } from './mailbox.ts';
import { payBySandboxCard } from './sandbox-card.ts';
import { callApi } from './site-api.ts';

/**
 * Quick registration in the sign-up popup as `email`, until the deposit page: `fillMore` fills in what the journey
 * adds to the form (a promo code, a character) before the age box is ticked.
 */
export const registerInPopup = async (
  page: Page,
  baseUrl: string,
  email: string,
  fillMore: (dialog: Locator) => Promise<void>,
) => {
  await page.goto(`${baseUrl}/?show_popup_reg=1`);
  const dialog = page.locator('[role="dialog"]:has([data-auth-view])');
  await dialog.locator('[data-auth-view="registration"]').waitFor();
  await dialog.getByRole('tab', { name: 'Quick' }).click();
  await dialog.getByLabel('Email', { exact: true }).fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('secret-pass-1');
  await dialog.getByLabel('Country', { exact: true }).selectOption('DE');
  await fillMore(dialog);
  await dialog.getByRole('checkbox', { name: /I am at least 18 years old and I accept/ }).check();
  await dialog.getByRole('button', { name: 'Register', exact: true }).click();
  await untilDepositPage(page);
  await closeDialogs(page);
};

/** Quick registration with `promoCode` typed in the form (checked as it is typed: its icon shows). */
export const registerWithPromoCode = (page: Page, baseUrl: string, email: string, promoCode: string) =>
  registerInPopup(page, baseUrl, email, async (dialog) => {
    await dialog.getByLabel('I have a promo code').check();
    await dialog.getByLabel('Promo code', { exact: true }).fill(promoCode);
    await dialog.getByRole('img', { name: 'Promo code accepted' }).waitFor({ timeout: 10_000 });
  });

/**
 * Deposits through the real sandbox flow: cashier.makedeposit (no offer), the hosted card page and its 3-D Secure
 * step, in a page of its own (the player's other tabs stay open).
 */
export const depositByCard = async (context: BrowserContext, baseUrl: string, amount: string) => {
  const { data, error } = await callApi<{ redirect_url: string } | null, unknown>(
    context,
    baseUrl,
    'cashier.makedeposit',
    { method: 'card', amount },
  );
  if (!data) throw new Error(`makedeposit failed: ${JSON.stringify(error)}`);
  const page = await context.newPage();
  await payBySandboxCard(page, new URL(data.redirect_url, baseUrl).toString());
  await page.close();
};

/** Confirms the player's e-mail on the profile settings with the code from the dev mailbox. */
export const confirmEmail = async (page: Page, baseUrl: string, email: string) => {
  await page.goto(`${baseUrl}/profile/settings`);
  await page.getByTestId('email-send-code').waitFor();
  await closeDialogs(page);
  await page.getByTestId('email-send-code').click();
  await page.locator('input[name=email-code]').fill(await mailedCode(baseUrl, email));
  await page.getByTestId('email-confirm').click();
  await page.getByText('Your contact has been confirmed').first().waitFor();
};

/** Fills in the withdrawal form the page is on (a card, `amount`) and submits it. */
export const fillCardWithdrawal = async (page: Page, amount: string) => {
  await page.getByLabel('Card number').fill('4242424242424242');
  await page.getByLabel('Card holder').fill('Jane Player');
  await page.getByLabel('Amount', { exact: true }).fill(amount);
  await page.getByTestId('withdraw-submit').click();
};
