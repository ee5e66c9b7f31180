/** What a player's mail and the site's own dialogs ask of a journey: the mailed code, the queued prompts closed. */
import type { Page } from 'playwright-core';

/** The six-digit code last mailed to `to`, read from the demo's /dev/mailbox (waits up to 10 s for it). */
export const mailedCode = async (baseUrl: string, to: string) => {
  for (let i = 0; i < 40; i++) {
    const rows = (await (await fetch(`${baseUrl}/dev/mailbox.json?to=${encodeURIComponent(to)}`)).json()) as {
      bodyText: string;
    }[];
    const code = rows.map((r) => /\b(\d{6})\b/.exec(r.bodyText)?.[1]).find(Boolean);
    if (code) return code;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no code mailed to ${to}`);
};

/** Closes whatever dialogs the site queued on its own (the confirm-email prompt after registration…). */
export const closeDialogs = async (page: Page) => {
  for (let i = 0; i < 3 && (await page.getByRole('dialog').count()) > 0; i++) {
    await page.keyboard.press('Escape');
    await page.waitForTimeout(300);
  }
};
