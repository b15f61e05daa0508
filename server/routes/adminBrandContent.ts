import { Type } from 'typebox';
import { ApiError, badRequest } from '../errors.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import { parseContentFile } from '../brandContent/contentFile.ts';
import { describeProblems } from '../operatorFiles/fileProblems.ts';
import { BrandNotFoundError } from '../brandContent/replace.ts';
import type { App, RouteDeps } from './types.ts';

const ContentBody = Type.Object({
  brandId: Type.String({ minLength: 1, maxLength: 200 }),
  /** The content file as the operator wrote it (docs/brand-content.md); checked here like the command does. */
  content: Type.Unknown(),
});

/**
 * POST /admin/brand/content: `npm run brand:content` through a server (the one holding the embedded
 * database, or any instance of a deployment), behind the operator guard. The brand and its content
 * leave this instance's caches, so the app shows the change at once there (others within 30 s).
 */
export async function adminBrandContentRoutes(app: App, { brandAdmin, brands, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post('/admin/brand/content', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: ContentBody } }, async (request) => {
    const parsed = parseContentFile(request.body.content);
    if (!parsed.ok) throw badRequest('invalid_content', `The content file has ${parsed.problems.length} problem(s); nothing was changed:\n${describeProblems(parsed.problems)}`);
    try {
      const brand = await brandAdmin.writeContent(request.body.brandId, parsed.value);
      brands.forget(brand);
      return { brandId: brand.id };
    } catch (error) {
      if (error instanceof BrandNotFoundError) throw new ApiError(404, 'brand_not_found', error.message);
      throw error;
    }
  });
}
