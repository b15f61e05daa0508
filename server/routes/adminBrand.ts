import { Type } from 'typebox';
import { ApiError, badRequest } from '../errors.ts';
import type { OperatorGuard } from '../plugins/operatorOnly.ts';
import { parseBrandFile } from '../brands/brandFile.ts';
import { BrandRefused } from '../brands/saveBrand.ts';
import { describeProblems } from '../operatorFiles/fileProblems.ts';
import type { App, RouteDeps } from './types.ts';

const BrandBody = Type.Object({
  action: Type.Union([Type.Literal('create'), Type.Literal('update')]),
  /** The brand file as the operator wrote it (docs/brands.md); checked here like the command does. */
  brand: Type.Unknown(),
  /** Create the brand's tenant at Identity Platform (create only). */
  createTenant: Type.Optional(Type.Boolean()),
});

/**
 * POST /admin/brand: `npm run brand -- create|update` through a server, behind the operator guard.
 * With Identity Platform this instance's provider checks or creates the tenant. The brand's old
 * and new hosts leave this instance's cache at once (other instances follow within 30 s).
 */
export async function adminBrandRoutes(app: App, { brandAdmin, brands, operator }: RouteDeps & { operator: OperatorGuard }) {
  app.post('/admin/brand', { onRequest: operator.onRequest, onResponse: operator.onResponse, schema: { hide: true, body: BrandBody } }, async (request) => {
    const { action, createTenant } = request.body;
    const parsed = parseBrandFile(request.body.brand);
    if (!parsed.ok) throw badRequest('invalid_brand', `The brand file has ${parsed.problems.length} problem(s); nothing was changed:\n${describeProblems(parsed.problems)}`);
    if (action === 'update' && createTenant) throw badRequest('invalid_brand', 'A brand keeps its tenant: --create-tenant is for create only');
    try {
      const saved = action === 'create' ? await brandAdmin.create(parsed.value, createTenant) : await brandAdmin.update(parsed.value);
      if (saved.before) brands.forget(saved.before);
      brands.forget(saved.brand);
      request.log.info({ brandId: saved.brand.id, action, tenantCreated: saved.tenantCreated }, 'brand written');
      return { brandId: saved.brand.id, authTenantId: saved.brand.authTenantId, appHosts: saved.brand.appHosts, tenantCreated: saved.tenantCreated };
    } catch (error) {
      if (error instanceof BrandRefused) throw new ApiError(409, 'brand_refused', `Nothing was changed:\n${describeProblems(error.problems)}`);
      throw error;
    }
  });
}
