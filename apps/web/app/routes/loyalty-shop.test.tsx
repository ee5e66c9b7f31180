import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  RouterContextProvider,
  StaticRouterProvider,
} from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TShopProducts } from '../features/loyalty/components/shop-page';
import { createI18n } from '../lib/i18n';
import { I18nProvider } from '../lib/i18n-lite';
import { siteContext } from '../lib/site/site.server';
import LoyaltyShopRoute, { loader } from './loyalty-shop';

const PRODUCTS: TShopProducts = {
  items: [
    {
      id: 1,
      sysname: 'hoodie',
      type: 'item',
      title: 'Casino hoodie',
      description: 'Warm and black',
      image: null,
      price: 500,
      stock: 3,
      limit: null,
      bought: 0,
      reward: { type: 'item', amount: 1 },
    },
  ],
  offset: 0,
  limit: 50,
  total: 1,
};

const contextWith = (get: (name: string, params?: unknown) => Promise<unknown>, loyalty = true) => {
  const context = new RouterContextProvider();
  // The loader reads the feature flag and the site's API client only.
  context.set(siteContext, { cms: { flags: { isLoyaltyEnable: loyalty } }, api: { get } } as never);
  return context;
};
const args = (context: RouterContextProvider) =>
  ({ context, params: {}, request: new Request('http://site.test/loyalty/shop') }) as never;

afterEach(() => vi.unstubAllGlobals());

describe('/loyalty/shop on the server', () => {
  it('the loader reads the products, and the server-rendered page lists them without a browser request', async () => {
    const get = vi.fn(async () => PRODUCTS);
    const data = await loader(args(contextWith(get)));
    expect(get).toHaveBeenCalledWith('loyalty.getproducts', { offset: '0', limit: '50' });
    expect(data.products?.items[0]?.title).toBe('Casino hoodie');

    // The server render as the site does it (a static handler runs the loaders): no fetch, the loader's data only.
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const routes = [
      {
        id: 'root',
        path: '/',
        loader: () => ({}),
        children: [{ path: 'loyalty/shop', loader, Component: LoyaltyShopRoute }],
      },
    ];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request('http://site.test/loyalty/shop'), {
      requestContext: contextWith(get),
    });
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(
      <QueryClientProvider client={new QueryClient()}>
        <I18nProvider i18n={createI18n('en', {})}>
          <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    expect(html).toContain('data-testid="product-hoodie"');
    expect(html).toContain('Casino hoodie');
    expect(html).toContain('Warm and black');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('a failed read still renders the page (the client reads the list), and the flag off is a 404', async () => {
    const data = await loader(args(contextWith(async () => Promise.reject(new Error('down')))));
    expect(data.products).toBeNull();
    await expect(loader(args(contextWith(async () => PRODUCTS, false)))).rejects.toMatchObject({
      init: { status: 404 },
    });
  });
});
