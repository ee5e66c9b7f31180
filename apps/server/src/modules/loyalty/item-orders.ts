/**
 * Shop orders of items (a hoodie…) wait for an operator to deliver them: the product page lists them and an
 * operator marks each delivered, once, audited in the same transaction (the caller's `audit`).
 */
import { sql } from 'drizzle-orm';
import type { TAppContext } from '../../platform/context.ts';
import type { TExecutor } from '../../platform/db/database.ts';
import { invalidParameters } from '../../platform/http/app-error.ts';
import { queryRows } from '../ledger/index.ts';
import type { TCatalogueAudit } from './catalogue.ts';

export interface TItemOrder {
  id: number;
  playerId: number;
  status: 'pending_delivery' | 'delivered';
  createdAt: Date;
}

/** The product's item orders, waiting ones first, newest first (at most 100). */
export const itemOrders = async (db: TExecutor, productId: number): Promise<TItemOrder[]> =>
  (
    await queryRows<{ id: unknown; player_id: unknown; status: string; created_at: unknown }>(
      db,
      sql`select id, player_id, status, created_at from loyalty_orders
           where product_id = ${productId} and status in ('pending_delivery', 'delivered')
           order by status = 'delivered', id desc limit 100`,
    )
  ).map((r) => ({
    id: Number(r.id),
    playerId: Number(r.player_id),
    status: r.status as TItemOrder['status'],
    createdAt: new Date(r.created_at as string),
  }));

/** Marks a waiting order delivered; false when it was delivered already (a double click). */
export const markDelivered = async (
  ctx: TAppContext,
  productId: number,
  orderId: number,
  audit: TCatalogueAudit,
) =>
  ctx.db.transaction(async (tx) => {
    const [order] = await queryRows<{ status: string; product_id: unknown; player_id: unknown }>(
      tx,
      sql`select status, product_id, player_id from loyalty_orders
           where id = ${orderId} and product_id = ${productId} for update`,
    );
    if (!order || (order.status !== 'pending_delivery' && order.status !== 'delivered'))
      throw invalidParameters({ id: 'notFound' });
    if (order.status === 'delivered') return false;
    await tx.execute(sql`update loyalty_orders set status = 'delivered' where id = ${orderId}`);
    await audit(tx, {
      action: 'loyalty.order_delivered',
      id: orderId,
      before: { status: 'pending_delivery', player: Number(order.player_id) },
      after: { status: 'delivered', product: Number(order.product_id) },
    });
    return true;
  });
