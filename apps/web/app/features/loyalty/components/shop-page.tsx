/**
 * /loyalty/shop: products priced in points. Buying asks to confirm (§2 loyalty shop confirm), then shows the
 * purchase (buy) and where it went (a bonus: on the bonus balance, or waiting in the bonus queue); a product the
 * player cannot afford opens the insufficient-funds dialog instead. The route's loader reads the products, so the
 * server-rendered page lists them (visitors and search engines see the shop before the client loads).
 */
import type { TData } from '@casino/contracts/call';
import type { ZGetProducts } from '@casino/contracts/calls/loyalty';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api/client';
import { useTranslation } from '../../../lib/i18n-lite';
import { toast } from '../../../ui/toasts';
import { LocaleLink } from '../../frame/locale-link';
import { buyProduct, infoQuery, loyaltyKeys, productsQuery, type TProduct } from '../api/loyalty-api';
import { confirmPurchase } from '../dialogs/loyalty-confirms';
import { openBought, openInsufficient } from '../dialogs/loyalty-places';
import { JoinCall, Points, useSignedIn } from './loyalty-ui';

export type TShopProducts = TData<typeof ZGetProducts>;

export function ShopPage({ initialProducts }: { initialProducts?: TShopProducts | null }) {
  const { t, i18n } = useTranslation();
  const signedIn = useSignedIn();
  const client = useQueryClient();
  const info = useQuery(infoQuery(signedIn));
  const products = useQuery({ ...productsQuery(i18n.language), initialData: initialProducts ?? undefined });
  const points = info.data?.points ?? 0;

  const buy = async (product: TProduct) => {
    if (points < product.price) {
      openInsufficient(product, points);
      return;
    }
    const question = t('loyalty.shopItems.confirm', {
      defaultValue: 'Buy {name} for {price} points?',
      name: product.title,
      price: product.price,
    });
    if (!(await confirmPurchase(product, question))) return;
    try {
      openBought(await buyProduct(product.id));
    } catch (error) {
      const code = isApiError(error) ? error.invalidParameters.id : undefined;
      if (code === 'notEnoughPoints') openInsufficient(product, points);
      else
        toast.show({
          type: 'error',
          message:
            code === 'outOfStock'
              ? t('loyalty.shopItems.outOfStock', { defaultValue: 'Sold out' })
              : code === 'limitReached'
                ? t('loyalty.shopItems.limitReached', { defaultValue: 'You have bought the most allowed' })
                : t('toasts.error', { defaultValue: 'Something went wrong' }),
        });
    } finally {
      await client.invalidateQueries({ queryKey: loyaltyKeys.all });
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-5 py-6" data-testid="shop-page">
      <LocaleLink to={paths.loyalty.root} className="text-sm text-[var(--accent)]">
        {t('loyalty.back', { defaultValue: 'Back to loyalty' })}
      </LocaleLink>
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-[var(--text-strong)] sm:text-3xl">
          {t('loyalty.shop', { defaultValue: 'Loyalty shop' })}
        </h1>
        {signedIn && (
          <p className="text-sm text-[var(--text-muted)]" data-testid="shop-points">
            {t('loyalty.points.balance', { defaultValue: 'Your points' })}:{' '}
            <Points value={points} className="text-[var(--text-strong)]" />
          </p>
        )}
      </header>
      {!signedIn && <JoinCall />}
      <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 lg:grid-cols-4">
        {(products.data?.items ?? []).map((product) => {
          const soldOut = product.stock === 0;
          const limited = product.limit !== null && product.bought >= product.limit;
          return (
            <li
              key={product.id}
              className="flex min-w-0 flex-col gap-2 rounded-2xl border border-[var(--line,#2a3150)] bg-[var(--surface)] p-3"
              data-testid={`product-${product.sysname}`}
            >
              {product.image && <img src={product.image} alt="" className="mx-auto size-24 rounded-xl" />}
              <p className="font-bold text-[var(--text-strong)]">{product.title}</p>
              <p className="flex-1 text-sm text-[var(--text-muted)]">{product.description}</p>
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-[var(--text-muted)]">
                <Points value={product.price} className="text-base text-[var(--text-strong)]" />
                {product.stock !== null && (
                  <span>
                    {t('loyalty.shopItems.stock', { defaultValue: '{count} left', count: product.stock })}
                  </span>
                )}
              </div>
              {signedIn ? (
                <button
                  type="button"
                  className="btn btn-primary w-full"
                  disabled={soldOut || limited}
                  onClick={() => void buy(product)}
                >
                  {soldOut
                    ? t('loyalty.shopItems.outOfStock', { defaultValue: 'Sold out' })
                    : limited
                      ? t('loyalty.shopItems.limitReached', {
                          defaultValue: 'You have bought the most allowed',
                        })
                      : t('loyalty.shopItems.buy', { defaultValue: 'Buy' })}
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
