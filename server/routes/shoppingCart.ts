import { ApiErrorBody } from '../../contract/common.ts';
import { CartUpdateBody, ShoppingCart } from '../../contract/commerce.ts';
import { textLanguages } from '../language.ts';
import type { App, RouteDeps } from './types.ts';

/** The member's cart (docs/cart.md): read it, and update it with set, add or replace. */
export async function shoppingCartRoutes(app: App, { carts, requireMember }: RouteDeps) {
  app.get(
    '/v1/get/user/shopping_cart',
    { preHandler: requireMember, schema: { response: { 200: ShoppingCart, '4xx': ApiErrorBody } } },
    async (request) => carts.read({ brandId: request.member.brand.id, userId: request.member.token.uid }, textLanguages(request, request.member.brand)),
  );

  app.put(
    '/v1/update/user/shopping_cart',
    { preHandler: requireMember, schema: { body: CartUpdateBody, response: { 200: ShoppingCart, '4xx': ApiErrorBody } } },
    async (request) => carts.update({ brandId: request.member.brand.id, userId: request.member.token.uid }, request.body, textLanguages(request, request.member.brand)),
  );
}
