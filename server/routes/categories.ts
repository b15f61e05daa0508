import { ApiErrorBody } from '../../contract/common.ts';
import { CategoryList, type Category } from '../../contract/offer.ts';
import { textLanguages } from '../language.ts';
import { readerRouteDocs } from '../plugins/visitorContext.ts';
import type { App, RouteDeps } from './types.ts';

export async function categoryRoutes(app: App, { offers, readerHooks }: RouteDeps) {
  app.get(
    '/v1/get_list/brand/category',
    { ...readerHooks, schema: { ...readerRouteDocs, response: { 200: CategoryList, '4xx': ApiErrorBody } } },
    async (request) => {
      const { brand, member } = request.reader;
      const list: Category[] = await offers.categories(brand.id, textLanguages(request, brand), !member);
      return { list, record: Object.fromEntries(list.map((c) => [c.id, c])) };
    },
  );
}
