import type { Brand, BrandRole } from '../../server/schemas/brand.ts';
import type { ApiClient } from './client.ts';

export type { Brand, BrandRole };

export const getBrand = (api: ApiClient) =>
  api.get<Brand>('/v1/get/brand', { appUrl: api.appUrl, authTenantIdSelect: true });

export const getBrandRole = (api: ApiClient) => api.get<BrandRole>('/v1/get/brand/role');
