import { ApiErrorBody } from '../../contract/common.ts';
import { BrandContent, BrandContentQuery } from '../../contract/brandContent.ts';
import { toBrandContent } from '../brandContent/brandContentAnswer.ts';
import { textLanguages } from '../language.ts';
import { brandOfAppUrl, varyOnLanguage } from './brand.ts';
import type { App, RouteDeps } from './types.ts';
import { brandCacheControl, publicAnswer } from '../plugins/cacheHeaders.ts';

export async function brandContentRoutes(app: App, { brands }: RouteDeps) {
  app.get(
    '/v1/get/brand/content',
    { schema: { querystring: BrandContentQuery, response: { 200: BrandContent, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const brand = await brandOfAppUrl(brands, request.query.appUrl);
      varyOnLanguage(reply);
      publicAnswer(reply, brandCacheControl);
      return toBrandContent(brand, await brands.content(brand.id), textLanguages(request, brand));
    },
  );
}
