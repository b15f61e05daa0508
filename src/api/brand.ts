import type { Brand, BrandRole } from '../../contract/brand.ts';
import type { ApiClient } from './client.ts';
import { mediaUrl } from './mediaUrls.ts';

export type { Brand, BrandRole };

export async function getBrand(api: ApiClient): Promise<Brand> {
  const brand = await api.get<Brand>('/v1/get/brand', { appUrl: api.appUrl, authTenantIdSelect: true });
  return { ...brand, logoUrl: mediaUrl(api.baseUrl, brand.logoUrl) };
}

export const getBrandRole = (api: ApiClient) => api.get<BrandRole>('/v1/get/brand/role');
