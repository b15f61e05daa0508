import type { Order } from '../../server/schemas/checkout.ts';
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
