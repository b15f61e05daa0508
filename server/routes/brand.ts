import type { FastifyReply } from 'fastify';
import { ApiError, badRequest } from '../errors.ts';
import { ApiErrorBody } from '../../contract/common.ts';
import { Brand, BrandQuery, BrandRole, type BrandSettings } from '../../contract/brand.ts';
import { textIn, textLanguages, type TextLanguages } from '../language.ts';
import { appUrlHost } from '../appUrl.ts';
import type { BrandRow, Brands } from '../plugins/memberContext.ts';
import type { App, RouteDeps } from './types.ts';
import { brandCacheControl, publicAnswer } from '../plugins/cacheHeaders.ts';

/** The settings with their texts in the member's language. */
function settingsIn(settings: BrandRow['settings'], languages: TextLanguages): BrandSettings {
  return {
    ...settings,
    referralCodeInputHint: textIn(settings.referralCodeInputHint, languages),
    ssnInfo: textIn(settings.ssnInfo, languages),
    terms: { ...settings.terms, label: textIn(settings.terms.label, languages) },
    gdpr: { ...settings.gdpr, label: textIn(settings.gdpr.label, languages) },
  };
}

/** The brand as the app reads it, its texts (tab labels, hints, document names) in the member's language. */
export function toBrand(row: BrandRow, withTenant: boolean, languages: TextLanguages): Brand {
  return {
    id: row.id,
    name: row.name,
    ...(withTenant ? { authTenantId: row.authTenantId } : {}),
    contact: { email: row.contactEmail },
    logoUrl: row.logoUrl,
    icons: row.icons,
    theme: row.theme,
    navigationBar: row.navigationBar.map((entry) => ({ ...entry, label: textIn(entry.label, languages) })),
    settings: settingsIn(row.settings, languages),
  };
}

/** The brand of a public call's `appUrl` query: 400 invalid_app_url, 404 brand_not_found. */
export async function brandOfAppUrl(brands: Brands, appUrl: string): Promise<BrandRow> {
  const host = appUrlHost(appUrl);
  if (!host) throw badRequest('invalid_app_url', 'appUrl must be a URL');
  const brand = await brands.byHost(host);
  if (!brand) throw new ApiError(404, 'brand_not_found', `No brand is registered for ${host}`);
  return brand;
}

/** The answer follows the member's language; CORS may already vary it on Origin. */
export function varyOnLanguage(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  reply.header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language');
}

export async function brandRoutes(app: App, { members, brands, requireMember }: RouteDeps) {
  app.get(
    '/v1/get/brand',
    { schema: { querystring: BrandQuery, response: { 200: Brand, '4xx': ApiErrorBody } } },
    async (request, reply) => {
      const brand = await brandOfAppUrl(brands, request.query.appUrl);
      varyOnLanguage(reply);
      publicAnswer(reply, brandCacheControl);
      return toBrand(brand, request.query.authTenantIdSelect === true, textLanguages(request, brand));
    },
  );

  app.get(
    '/v1/get/brand/role',
    {
      preHandler: requireMember,
      schema: { response: { 200: BrandRole, '4xx': ApiErrorBody } },
    },
    async (request) => {
      const { role, brand } = request.member;
      const { firstName, lastName } = await members.names({ brandId: role.brandId, userId: role.userId });
      return {
        id: role.id,
        ...(role.legacyId === null ? {} : { legacyId: role.legacyId }),
        brandRoleId: role.brandRoleId,
        firstName,
        lastName,
        name: textIn(role.localizedName, textLanguages(request, brand), role.name),
      };
    },
  );
}
