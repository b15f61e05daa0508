import type { BrandContent } from '../../contract/brandContent.ts';
import type { ApiClient } from './client.ts';

export type { BrandContent };

/** GET /v1/get/brand/content: FAQ, About, terms, privacy and contact, in the app's language (Accept-Language). */
export const getBrandContent = (api: ApiClient) => api.get<BrandContent>('/v1/get/brand/content', { appUrl: api.appUrl });
