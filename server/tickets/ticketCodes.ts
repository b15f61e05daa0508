import { randomUUID } from 'node:crypto';
import { CompactSign, compactVerify, createLocalJWKSet, exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type { Database, Executor } from '../db/database.ts';
import { insertTicketKey, lockTicketKeys, ticketKeysOf } from '../repositories/tickets.repository.ts';

/**
 * Ticket codes a door scanner checks offline (docs/tickets.md): a compact JWS (EdDSA over
 * Ed25519) whose payload names the ticket, its event (offer), variant, order and brand, signed
 * with the brand's key. Anyone with the brand's public keys can check a code; nobody without
 * the private key can make or alter one.
 */
export const ticketCodeType = 'klubb-ticket+jws';

export interface TicketClaims {
  /** The ticket's own id: one per unit bought. */
  ticketId: string;
  orderId: string;
  offerId: string;
  itemVariantId: string;
  brandId: string;
}

/** The payload as signed: short keys keep the QR code small. */
interface SignedPayload {
  t: string;
  n: string;
  o: string;
  v: string;
  b: string;
}

export interface TicketKey {
  kid: string;
  privateJwk: JWK;
}

export type TicketVerification =
  | { ok: true; claims: TicketClaims; kid: string }
  | { ok: false; reason: 'malformed' | 'unknown_key' | 'bad_signature' | 'wrong_brand' };

/** The brand's newest key, made on first use; instances on one database agree on it. */
export async function loadOrCreateTicketKey(db: Database, brandId: string): Promise<TicketKey> {
  const stored = await newestKey(db, brandId);
  if (stored) return stored;
  await db.transaction(async (tx) => {
    await lockTicketKeys(tx, brandId);
    if (await newestKey(tx, brandId)) return;
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const kid = randomUUID();
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'EdDSA', use: 'sig' };
    await insertTicketKey(tx, brandId, kid, privateJwk as Record<string, unknown>);
  });
  const made = await newestKey(db, brandId);
  if (!made) throw new Error(`the ticket key of ${brandId} vanished right after it was stored`);
  return made;
}

async function newestKey(db: Executor, brandId: string): Promise<TicketKey | null> {
  const [row] = await ticketKeysOf(db, brandId, 1);
  return row ? { kid: row.kid, privateJwk: row.privateJwk as JWK } : null;
}

/** The brand's public keys (every key it has signed with), as a JSON Web Key Set. */
export async function ticketPublicKeys(db: Executor, brandId: string): Promise<JSONWebKeySet> {
  const rows = await ticketKeysOf(db, brandId);
  return { keys: rows.map((row) => publicJwkOf(row.privateJwk as JWK)) };
}

const publicJwkOf = ({ kty, crv, x, kid, alg }: JWK): JWK => ({ kty, crv, x, kid, alg, use: 'sig' });

export async function signTicket(key: TicketKey, claims: TicketClaims): Promise<string> {
  const payload: SignedPayload = { t: claims.ticketId, n: claims.orderId, o: claims.offerId, v: claims.itemVariantId, b: claims.brandId };
  const privateKey = await importJWK(key.privateJwk, 'EdDSA');
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload)))
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: ticketCodeType })
    .sign(privateKey);
}

/** Checks a code against a brand's public keys (offline: no server needed). */
export async function verifyTicket(code: string, publicKeys: JSONWebKeySet, expectedBrandId?: string): Promise<TicketVerification> {
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(code.trim())) return { ok: false, reason: 'malformed' };
  let verified;
  try {
    verified = await compactVerify(code.trim(), createLocalJWKSet(publicKeys), { algorithms: ['EdDSA'] });
  } catch (error) {
    const name = (error as { code?: string }).code;
    if (name === 'ERR_JWKS_NO_MATCHING_KEY') return { ok: false, reason: 'unknown_key' };
    if (name === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED') return { ok: false, reason: 'bad_signature' };
    return { ok: false, reason: 'malformed' };
  }
  if (verified.protectedHeader.typ !== ticketCodeType) return { ok: false, reason: 'malformed' };
  let payload: Partial<SignedPayload>;
  try {
    payload = JSON.parse(new TextDecoder().decode(verified.payload)) as Partial<SignedPayload>;
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  const fields = [payload.t, payload.n, payload.o, payload.v, payload.b];
  if (!fields.every((f): f is string => typeof f === 'string' && f.length > 0)) return { ok: false, reason: 'malformed' };
  if (expectedBrandId !== undefined && payload.b !== expectedBrandId) return { ok: false, reason: 'wrong_brand' };
  return {
    ok: true,
    kid: verified.protectedHeader.kid ?? '',
    claims: { ticketId: payload.t!, orderId: payload.n!, offerId: payload.o!, itemVariantId: payload.v!, brandId: payload.b! },
  };
}
