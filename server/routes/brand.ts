import { ApiError, badRequest } from '../errors.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { Brand, BrandQuery, BrandRole } from '../../contract/brand.ts';
import { appUrlHost, type BrandRow } from '../repositories/brands.repository.ts';
import { findUser } from '../repositories/users.repository.ts';
import type { App, RouteDeps } from './types.ts';

export function toBrand(row: BrandRow, withTenant: boolean): Brand {
  return {
    id: row.id,
    name: row.name,
    ...(withTenant ? { authTenantId: row.authTenantId } : {}),
    contact: { email: row.contactEmail },
    logoUrl: row.logoUrl,
    icons: row.icons,
    theme: row.theme,
    navigationBar: row.navigationBar,
    settings: row.settings,
  };
}

export async function brandRoutes(app: App, { db, brands, requireMember }: RouteDeps) {
  app.get(
    '/v1/get/brand',
    { schema: { querystring: BrandQuery, response: { 200: Brand, '4xx': ApiErrorBody } } },
    async (request) => {
      const host = appUrlHost(request.query.appUrl);
      if (!host) throw badRequest('invalid_app_url', 'appUrl must be a URL');
      const brand = await brands.byHost(host);
      if (!brand) throw new ApiError(404, 'brand_not_found', `No brand is registered for ${host}`);
      return toBrand(brand, request.query.authTenantIdSelect === true);
    },
  );

  app.get(
    '/v1/get/brand/role',
    {
      preHandler: requireMember,
      schema: { response: { 200: BrandRole, '4xx': ApiErrorBody } },
    },
    async (request) => {
      const { role } = request.member;
      const user = await findUser(db, role.brandId, role.userId);
      return {
        id: role.id,
        ...(role.legacyId === null ? {} : { legacyId: role.legacyId }),
        brandRoleId: role.brandRoleId,
        firstName: user?.firstName ?? '',
        lastName: user?.lastName ?? '',
        name: role.name,
      };
    },
  );
}
