import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database.ts';
import { TtlCache } from '../cache.ts';
import { ApiError, unauthenticated } from '../errors.ts';
import type { IdentityProvider, VerifiedToken } from '../identity/identity.ts';
import { appUrlHost } from '../appUrl.ts';
import {
  findBrandByHost,
  findBrandById,
  findBrandRole,
  hasActiveRoleInOtherBrand,
  type BrandRoleRow,
  type BrandRow,
} from '../repositories/brands.repository.ts';
import { findBrandContent } from '../repositories/brandContent.repository.ts';
import type { StoredBrandContent } from '../db/schema/brandContent.ts';

/** A brand as the server reads it; routes name it through here, not through the repository. */
export type { BrandRow };

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
 * runs on another origin), else the Origin or Referer header, else the request's `Host` header.
 * Never an X-Forwarded-Host, even from a trusted proxy: a shared cache keys on the Host (and on
 * what `Vary` names), so the brand of an answer must come from there (docs/deployment.md).
 */
export function requestAppUrl(request: FastifyRequest): string {
  const source = appUrlSource(request);
  return source === 'host' ? `http://${requestHostHeader(request)}` : (request.headers[source] as string);
}

/** The Host header as the client sent it (what a cache keys on), whatever a proxy forwarded. */
export function requestHostHeader(request: FastifyRequest): string {
  const host = request.headers.host ?? request.headers[':authority'];
  return typeof host === 'string' ? host : '';
}

/**
 * Which header `requestAppUrl` takes the app URL from (what a shared cache must vary on). An
 * `Origin: null` (Firefox's sendBeacon, sandboxed pages) names no origin: the Referer or the Host
 * decides then.
 */
export function appUrlSource(request: FastifyRequest): 'x-app-url' | 'origin' | 'referer' | 'host' {
  const named = (name: 'x-app-url' | 'origin' | 'referer') => {
    const header = request.headers[name];
    return typeof header === 'string' && header.length > 0 && !(name === 'origin' && header === 'null');
  };
  return (['x-app-url', 'origin', 'referer'] as const).find(named) ?? 'host';
}

/** How long a brand (30 s) and a member's role and verified token (5 s) may be served from memory. */
export const memberCacheTtl = { brandMs: 30_000, roleMs: 5_000 };

export type Brands = ReturnType<typeof createBrands>;

/**
 * Brands by app host and their FAQ, About and contact content by brand id, cached: every request
 * needs its brand. `forget` drops a brand changed on this instance (other instances see it when
 * their entries expire).
 */
export function createBrands(db: Database, now?: () => number) {
  const byHost = new TtlCache<string, BrandRow | null>({ ttlMs: memberCacheTtl.brandMs, maxEntries: 1000, now });
  const contentById = new TtlCache<string, StoredBrandContent | null>({ ttlMs: memberCacheTtl.brandMs, maxEntries: 1000, now });
  const byId = new TtlCache<string, BrandRow | null>({ ttlMs: memberCacheTtl.brandMs, maxEntries: 1000, now });
  return {
    byHost: (host: string) => byHost.getOrLoad(host, () => findBrandByHost(db, host)),
    /** By id (the booking widget's stylesheet names its brand so). */
    byId: (brandId: string) => byId.getOrLoad(brandId, () => findBrandById(db, brandId)),
    content: (brandId: string) => contentById.getOrLoad(brandId, () => findBrandContent(db, brandId)),
    forget(brand: Pick<BrandRow, 'id' | 'appHosts'>) {
      for (const host of brand.appHosts) byHost.delete(host.toLowerCase());
      contentById.delete(brand.id);
      byId.delete(brand.id);
    },
    /** The brand of the request's app URL, or null. */
    async find(request: FastifyRequest): Promise<BrandRow | null> {
      const host = appUrlHost(requestAppUrl(request));
      return host ? this.byHost(host) : null;
    },
    async forRequest(request: FastifyRequest): Promise<BrandRow> {
      const brand = await this.find(request);
      if (!brand) throw new ApiError(404, 'brand_not_found', 'No brand is registered for this app URL');
      return brand;
    },
  };
}

/**
 * preHandler for member-only routes: a valid ID token of the brand's tenant, and a role
 * in the brand of the app URL (the spec's 'no role with app url' / 'bad user role for app url').
 * Roles are cached for a few seconds, so a revoked role takes effect within that time.
 */
export function createMemberGuard(db: Database, identity: IdentityProvider, brands: Brands, now = Date.now) {
  const roles = new TtlCache<string, BrandRoleRow | null>({ ttlMs: memberCacheTtl.roleMs, maxEntries: 50_000, now });
  // Checking an RS256 signature costs more than the rest of a cached request; a token already
  // verified is trusted again for the role TTL, never past its own expiry.
  const tokens = new TtlCache<string, { token: VerifiedToken; verifiedAt: number }>({ ttlMs: memberCacheTtl.roleMs, maxEntries: 50_000, now });
  // When this instance revokes an account's tokens (new password, deletion), cached verdicts from before no longer count.
  const revokedAt = new TtlCache<string, number>({ ttlMs: memberCacheTtl.roleMs, maxEntries: 50_000, now });
  identity.onTokensRevoked?.((uid) => revokedAt.set(uid, now()));
  async function verify(idToken: string): Promise<VerifiedToken> {
    const cached = await tokens.getOrLoad(idToken, async () => {
      const verifiedAt = now();
      return { token: await identity.verifyIdToken(idToken), verifiedAt };
    });
    const revoked = revokedAt.get(cached.token.uid);
    if (cached.token.expiresAt * 1000 > now() && (revoked === undefined || revoked < cached.verifiedAt)) return cached.token;
    tokens.delete(idToken);
    return identity.verifyIdToken(idToken);
  }
  /** No role here: an account of this brand's tenant whose e-mail has a role with another partner is told so. */
  async function noRoleError(brand: BrandRow, token: VerifiedToken): Promise<ApiError> {
    if (token.tenantId === brand.authTenantId && token.email && (await hasActiveRoleInOtherBrand(db, brand.id, token.email))) {
      return new ApiError(403, 'email_registered_with_other_partner', 'email registered with other partner');
    }
    return new ApiError(403, 'no_role_with_app_url', 'no role with app url');
  }
  return async function requireMember(request: FastifyRequest, reply: FastifyReply) {
    // A member's answers (and refusals) are theirs alone: no shared or browser cache keeps them.
    reply.header('cache-control', 'no-store');
    const authorization = request.headers.authorization;
    const match = typeof authorization === 'string' ? /^Bearer\s+(\S+)$/i.exec(authorization) : null;
    if (!match?.[1]) throw unauthenticated();
    const token = await verify(match[1]).catch((error: unknown) => {
      // The reason (expired, revoked, bad signature, wrong claim) is the operator's to read; the message names it.
      if (error instanceof ApiError && error.status === 401) request.log.info({ code: error.code, reason: error.message }, 'ID token refused');
      throw error;
    });
    const brand = await brands.forRequest(request);
    const ofThisTenant = token.tenantId === brand.authTenantId;
    if (!ofThisTenant) request.log.info({ code: 'auth/wrong-tenant', brandId: brand.id }, "ID token of another brand's tenant");
    const role = ofThisTenant ? await roles.getOrLoad(`${brand.id}\n${token.uid}`, () => findBrandRole(db, brand.id, token.uid)) : null;
    if (!role) throw await noRoleError(brand, token);
    if (!role.active) throw new ApiError(403, 'bad_user_role_for_app_url', 'bad user role for app url');
    request.member = { brand, token, role };
  };
}
