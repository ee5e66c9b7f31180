import { describe, expect, it } from 'vitest';
import { isServerPath } from './web.ts';

describe('the site stays out of the server routes', () => {
  it('leaves the API, nfx, health, dev, wallet, socket, robots and beacon paths to the server', () => {
    for (const path of [
      '/api/account.getInfo?v=1',
      '/api/x/y',
      '/nfx/i18n/locales',
      '/healthz',
      '/readyz',
      '/dev/mailbox',
      '/wallet/bet',
      '/ws',
      '/robots.txt',
      '/hit?ref=1',
    ])
      expect(isServerPath(path), path).toBe(true);
  });

  it('gives every other path to the site', () => {
    for (const path of ['/', '/cashier', '/es/api-guide', '/wallets', '/hits', '/about-us', '/_icons'])
      expect(isServerPath(path), path).toBe(false);
  });
});
