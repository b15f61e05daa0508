import type { CartUpdateBody, ItemVariant, ShoppingCart } from '../../contract/commerce.ts';
import type { ApiClient } from './client.ts';
import { imageWithMediaBase } from './mediaUrls.ts';

export type { CartUpdateBody, ShoppingCart };

/** A variant with its pictures pointed at the API's origin. */
export const variantWithMediaBase = (apiBase: string, variant: ItemVariant): ItemVariant =>
  apiBase ? { ...variant, images: variant.images.map((image) => imageWithMediaBase(apiBase, image)) } : variant;

function cartWithMediaBase(apiBase: string, cart: ShoppingCart): ShoppingCart {
  if (!apiBase) return cart;
  return {
    ...cart,
    itemList: cart.itemList.map((line) => ({
      ...line,
      offerPuffImage: imageWithMediaBase(apiBase, line.offerPuffImage),
      itemVariant: variantWithMediaBase(apiBase, line.itemVariant),
    })),
  };
}

/** GET /v1/get/user/shopping_cart: the member's cart, enriched with offers, variants and totals. */
export async function getShoppingCart(api: ApiClient): Promise<ShoppingCart> {
  return cartWithMediaBase(api.baseUrl, await api.get<ShoppingCart>('/v1/get/user/shopping_cart'));
}

/** PUT /v1/update/user/shopping_cart: answers the cart as saved (a 409 means reload and retry). */
export async function updateShoppingCart(api: ApiClient, body: CartUpdateBody): Promise<ShoppingCart> {
  return cartWithMediaBase(api.baseUrl, await api.send<ShoppingCart>('PUT', '/v1/update/user/shopping_cart', body));
}
