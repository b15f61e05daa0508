import { ApiErrorBody } from '../../contract/common.ts';
import { CategoryList, type Category } from '../../contract/offer.ts';
import { textLanguages } from '../language.ts';
import { listCategories } from '../repositories/categories.repository.ts';
import type { App, RouteDeps } from './types.ts';

export async function categoryRoutes(app: App, { db, requireMember }: RouteDeps) {
  app.get(
    '/v1/get_list/brand/category',
    { preHandler: requireMember, schema: { response: { 200: CategoryList, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand } = request.member;
      const list: Category[] = await listCategories(db, brand.id, textLanguages(request, brand));
      return { list, record: Object.fromEntries(list.map((c) => [c.id, c])) };
    },
  );
}
