import type { BrandContent } from '../../contract/brandContent.ts';
import type { ApiClient } from './client.ts';
import { mediaUrl } from './mediaUrls.ts';

export type { BrandContent };

/**
 * GET /v1/get/brand/content: FAQ, About, terms, privacy and contact, in the app's language
 * (Accept-Language). The terms and privacy pages may be the API's own media: they point there.
 */
export async function getBrandContent(api: ApiClient): Promise<BrandContent> {
  const content = await api.get<BrandContent>('/v1/get/brand/content', { appUrl: api.appUrl });
  return {
    ...content,
    terms: { ...content.terms, url: mediaUrl(api.baseUrl, content.terms.url) },
    gdpr: { ...content.gdpr, url: mediaUrl(api.baseUrl, content.gdpr.url) },
  };
}
