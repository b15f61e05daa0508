import type { Order } from '../../contract/checkout.ts';
import { variantWithMediaBase } from './cart.ts';
import type { ApiClient } from './client.ts';
import { imageWithMediaBase } from './mediaUrls.ts';

export type { Order };

/** GET /v1/get_list/order_history: the member's orders, newest first, pictures pointed at the API's origin. */
export async function getOrderHistory(api: ApiClient): Promise<Order[]> {
  const orders = await api.get<Order[]>('/v1/get_list/order_history');
  if (!api.baseUrl) return orders;
  return orders.map((order) => ({
    ...order,
    itemList: order.itemList.map((line) => ({
      ...line,
      offerPuffImage: imageWithMediaBase(api.baseUrl, line.offerPuffImage),
      itemVariant: variantWithMediaBase(api.baseUrl, line.itemVariant),
    })),
  }));
}

/** What the member bought of one offer: one line per variant (the newest purchase's), from the order history. */
export async function getPurchasesOf(api: ApiClient, offerId: string): Promise<Order['itemList']> {
  const byVariant = new Map<string, Order['itemList'][number]>();
  for (const order of await getOrderHistory(api)) {
    for (const line of order.itemList) if (line.offerId === offerId && !byVariant.has(line.itemVariantId)) byVariant.set(line.itemVariantId, line);
  }
  return [...byVariant.values()];
}
