/**
 * The loyalty shop. A purchase locks the product row (stock) and the player's points account, checks the
 * per-player limit, then in ONE transaction: spends the price (a points-ledger entry keyed by the order), takes a
 * unit of stock, records the order and grants the product (rewards.ts) — all or nothing, once per order. A bonus
 * product answers with the bonus granted, so the shop says where it went: on the bonus balance, or waiting in the
 * bonus queue behind another.
 */
import type { TLoyaltyProduct } from '@casino/contracts/calls/loyalty';
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { ipxUrl } from '../../platform/images.ts';
import { bonusItem } from '../bonuses/index.ts';
import { lockPlayerAccounts, publishBalances, queryRows, toBigInt } from '../ledger/index.ts';
import type { TPlayer } from '../players/index.ts';
import { addNotice } from './notifications.ts';
import { NotEnoughPointsError, pointsAccount, writePointsEntry } from './points.ts';
import { payReward, publicReward, type TStoredReward } from './rewards.ts';
import { localized, type TTexts, toPoints } from './text.ts';

interface TProductRow {
  id: number;
  sysname: string;
  type: TLoyaltyProduct['type'];
  price: bigint;
  stock: number | null;
  limit: number | null;
  reward: TStoredReward;
  title: TTexts;
  description: TTexts;
  image: string | null;
  bought: number;
}

const parse = <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T;

const PRODUCT_COLUMNS = sql`p.id, p.sysname, p.type, p.price, p.stock, p.per_player_limit, p.reward, p.title,
  p.description, p.image`;

const toRow = (r: Record<string, unknown>): TProductRow => ({
  id: Number(r.id),
  sysname: String(r.sysname),
  type: r.type as TProductRow['type'],
  price: toBigInt(r.price),
  stock: r.stock === null ? null : Number(r.stock),
  limit: r.per_player_limit === null ? null : Number(r.per_player_limit),
  reward: { type: r.type as TStoredReward['type'], ...parse<Omit<TStoredReward, 'type'>>(r.reward) },
  title: parse<TTexts>(r.title),
  description: parse<TTexts>(r.description),
  image: (r.image as string | null) ?? null,
  bought: Number(r.bought ?? 0),
});

const publicProduct = (p: TProductRow, locale: string): TLoyaltyProduct => ({
  id: p.id,
  sysname: p.sysname,
  type: p.type,
  title: localized(p.title, locale),
  description: localized(p.description, locale),
  image: p.image ? ipxUrl(p.image, { width: 240, height: 240 }) : null,
  price: toPoints(p.price),
  stock: p.stock,
  limit: p.limit,
  bought: p.bought,
  reward: publicReward(p.reward),
});

const boughtBy = (playerId: number) =>
  sql`(select count(*)::int from loyalty_orders o where o.player_id = ${playerId} and o.product_id = p.id)`;

export const listProducts = async (
  db: TExecutor,
  input: { playerId: number | null; locale: string; offset: number; limit: number },
) => {
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select ${PRODUCT_COLUMNS}, ${boughtBy(input.playerId ?? 0)} as bought, count(*) over () as total
          from loyalty_products p where p.is_active
         order by p.priority desc, p.id offset ${input.offset} limit ${input.limit}`,
  );
  const total = rows[0]
    ? Number(rows[0].total)
    : Number(
        (
          await queryRows<{ n: unknown }>(
            db,
            sql`select count(*)::int as n from loyalty_products where is_active`,
          )
        )[0]?.n ?? 0,
      );
  return {
    items: rows.map((r) => publicProduct(toRow(r), input.locale)),
    offset: input.offset,
    limit: input.limit,
    total,
  };
};

const lockProduct = async (tx: TExecutor, playerId: number, productId: number) => {
  const [row] = await queryRows<Record<string, unknown>>(
    tx,
    sql`select ${PRODUCT_COLUMNS}, ${boughtBy(playerId)} as bought from loyalty_products p
         where p.id = ${productId} and p.is_active for update`,
  );
  return row ? toRow(row) : null;
};

export const buyProduct = async (
  ctx: TAppContext,
  player: Pick<TPlayer, 'id' | 'currency'>,
  productId: number,
  locale: string,
) => {
  const playerId = player.id;
  const now = ctx.providers.clock.now();
  const result = await ctx.db.transaction(async (tx) => {
    // The player's ledger lock before the points account, in a bet's order: the reward may move money after it.
    await lockPlayerAccounts(tx, [playerId]);
    const product = await lockProduct(tx, playerId, productId);
    if (!product) throw invalidParameters({ id: 'wrongField' });
    // The account row serialises one player's purchases (the product row serialises the stock).
    await tx.execute(
      sql`insert into loyalty_accounts (player_id) values (${playerId}) on conflict do nothing`,
    );
    const account = await pointsAccount(tx, playerId, true);
    if (product.stock !== null && product.stock <= 0) throw invalidParameters({ id: 'outOfStock' });
    if (product.limit !== null && product.bought >= product.limit)
      throw invalidParameters({ id: 'limitReached' });
    if (account.balance < product.price) throw invalidParameters({ id: 'notEnoughPoints' });
    const [order] = await queryRows<{ id: unknown }>(
      tx,
      sql`insert into loyalty_orders (player_id, product_id, price, status, created_at)
          values (${playerId}, ${product.id}, ${product.price},
                  ${product.type === 'item' ? 'pending_delivery' : 'granted'}, ${now}) returning id`,
    );
    const orderId = Number(order?.id);
    try {
      await writePointsEntry(tx, {
        playerId,
        kind: 'purchase',
        delta: -product.price,
        lifetimeDelta: 0n,
        reference: `order:${orderId}`,
        meta: { product: product.sysname, title: product.title },
        at: now,
      });
    } catch (error) {
      if (error instanceof NotEnoughPointsError) throw invalidParameters({ id: 'notEnoughPoints' });
      throw error;
    }
    if (product.stock !== null)
      await tx.execute(sql`update loyalty_products set stock = stock - 1 where id = ${product.id}`);
    const paid = await payReward(tx, {
      playerId,
      reward: product.reward,
      key: `loyalty:order:${orderId}`,
      at: now,
      meta: { product: product.sysname, order: orderId },
    });
    await addNotice(tx, {
      playerId,
      trigger: 'product_bought',
      name: product.title,
      reward: product.reward,
      bonusId: paid.bonusId,
      image: product.image,
      at: now,
    });
    const after = {
      ...product,
      stock: product.stock === null ? null : product.stock - 1,
      bought: product.bought + 1,
    };
    return { orderId, points: account.balance - product.price, product: after, paid };
  });
  if (result.paid.moved) await publishBalances(ctx.db, ctx.bus, [playerId]);
  return {
    order_id: result.orderId,
    points: toPoints(result.points),
    product: publicProduct(result.product, locale),
    bonus_item:
      result.paid.bonusId === null
        ? null
        : await bonusItem(ctx.db, result.paid.bonusId, locale, player.currency),
  };
};
