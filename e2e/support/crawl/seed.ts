/** Looks up the ids of the seeded demo content on the running server, for the crawl's dynamic routes. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { payBySandboxCard } from '../sandbox-card.ts';
import { ROOT } from '../server.ts';
import { callApi } from '../site-api.ts';
import type { TSeed } from './routes.ts';

/** A call's data; its error fails the seeding. */
const call = async <T>(
  context: BrowserContext,
  baseUrl: string,
  name: string,
  form?: Record<string, string>,
) => {
  const body = await callApi<T, unknown>(context, baseUrl, name, form);
  if (body.error) throw new Error(`${name}: ${JSON.stringify(body.error)}`);
  return body.data;
};

const first = <T>(list: T[] | undefined, what: string): T => {
  if (!list?.[0]) throw new Error(`no ${what} is seeded`);
  return list[0];
};

/** Pays a deposit on the sandbox's card page and plays a few real rounds, so the history pages have rows. */
const fund = async (player: BrowserContext, baseUrl: string, slot: string) => {
  const started = await call<{ redirect_url: string }>(player, baseUrl, 'cashier.makedeposit', {
    method: 'card',
    amount: '100',
  });
  const page = await player.newPage();
  await payBySandboxCard(page, new URL(started.redirect_url, baseUrl).toString(), { holder: 'Crawl Player' });
  await page.close();
  for (let round = 0; round < 3; round++)
    await call(player, baseUrl, 'games.play', { sysname: slot, mode: 'real', bet: '1' });
};

/** `player` is a signed-in context: the deposit methods and a started deposit are the player's own. */
export const lookUpSeed = async (player: BrowserContext, baseUrl: string): Promise<TSeed> => {
  const [games, categories, providers, offers, deposit] = await Promise.all([
    call<{ items: Array<{ sysname: string }> }>(player, baseUrl, 'games.get'),
    call<Array<{ id: string }>>(player, baseUrl, 'games.getCategories'),
    call<Array<{ sysname: string }>>(player, baseUrl, 'games.getProviders'),
    call<{ items: Array<{ id: number }> }>(player, baseUrl, 'campaigns.getoffers'),
    call<{ methods: Array<{ id: number; sysname: string; min_amount: number }> }>(
      player,
      baseUrl,
      'cashier.getdepositsettings',
    ),
  ]);
  await fund(player, baseUrl, first(games.items, 'game').sysname);
  const method = deposit.methods[0];
  if (!method) throw new Error('no deposit method is seeded');
  const started = await call<{ transaction_id: string }>(player, baseUrl, 'cashier.makedeposit', {
    method: method.sysname,
    methodId: String(method.id),
    amount: String(Math.max(20, method.min_amount)),
  });
  return {
    pageSlug: first(readdirSync(join(ROOT, 'content/pages')).sort(), 'content page'),
    offerId: String(first(offers.items, 'offer').id),
    gameSysname: first(games.items, 'game').sysname,
    categoryId: first(categories, 'category').id,
    providerId: first(providers, 'provider').sysname,
    depositMethod: method.sysname,
    transactionId: started.transaction_id,
  };
};
