import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { ApiError, unauthenticated } from '../errors.ts';
import type { IdentityProvider, VerifiedToken } from '../identity/identity.ts';
import { appUrlHost, findBrandByHost, findBrandRole, type BrandRoleRow, type BrandRow } from '../repositories/brands.repository.ts';

export interface MemberContext {
  brand: BrandRow;
  token: VerifiedToken;
  role: BrandRoleRow;
}

declare module 'fastify' {
  interface FastifyRequest {
    member: MemberContext;
  }
}

/**
 * The app URL a request was made from: the client's `X-App-Url` header (needed when the API
 * runs on another origin), else the Origin or Referer header, else this server's own host.
 */
export function requestAppUrl(request: FastifyRequest): string {
  const header = request.headers['x-app-url'] ?? request.headers.origin ?? request.headers.referer;
  if (typeof header === 'string' && header.length > 0) return header;
  return `${request.protocol}://${request.host}`;
}

export async function brandForRequest(db: Database, request: FastifyRequest): Promise<BrandRow> {
  const host = appUrlHost(requestAppUrl(request));
  const brand = host ? await findBrandByHost(db, host) : null;
  if (!brand) throw new ApiError(404, 'brand_not_found', 'No brand is registered for this app URL');
  return brand;
}

/**
 * preHandler for member-only routes: a valid ID token of the brand's tenant, and a role
 * in the brand of the app URL (the spec's 'no role with app url' / 'bad user role for app url').
 */
export function requireMember(db: Database, identity: IdentityProvider) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const authorization = request.headers.authorization;
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    if (!match?.[1]) throw unauthenticated();
    const token = await identity.verifyIdToken(match[1]);
    const brand = await brandForRequest(db, request);
    const role = token.tenantId === brand.authTenantId ? await findBrandRole(db, brand.id, token.uid) : null;
    if (!role) throw new ApiError(403, 'no_role_with_app_url', 'no role with app url');
    if (!role.active) throw new ApiError(403, 'bad_user_role_for_app_url', 'bad user role for app url');
    request.member = { brand, token, role };
  };
}
