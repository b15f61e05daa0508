import { randomUUID } from 'node:crypto';
import { asc, sql } from 'drizzle-orm';
import {
  createLocalJWKSet,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JSONWebKeySet,
  type JWK,
  type JWTVerifyGetKey,
} from 'jose';
import type { Database, Executor } from '../../db/database.ts';
import { identitySigningKeys } from '../../db/schema/identity.ts';

/** The provider's RS256 key: signs ID and custom tokens, verifies them through `keySet`. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwks: JSONWebKeySet;
  keySet: JWTVerifyGetKey;
}

/** Any fixed number (distinct from the migration lock): serialises the first key's creation. */
const signingKeyLockId = 4_711_002;

/** The oldest key in the database, created on first start; every instance on the database signs with it. */
export async function loadOrCreateSigningKey(db: Database): Promise<SigningKey> {
  const stored = await oldestKey(db);
  if (stored) return fromPrivateJwk(stored);
  const jwk = await generatePrivateJwk();
  await db.transaction(async (tx) => {
    // Instances starting together take turns, so only the first inserts: created_at alone cannot
    // order them, as it is each transaction's start and they may commit in the other order.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${signingKeyLockId})`);
    if (await oldestKey(tx)) return;
    await tx.insert(identitySigningKeys).values({ kid: jwk.kid!, privateJwk: jwk as Record<string, unknown> }).onConflictDoNothing();
  });
  const winner = await oldestKey(db);
  if (!winner) throw new Error('identity signing key vanished right after it was stored');
  return fromPrivateJwk(winner);
}

async function oldestKey(db: Executor): Promise<JWK | null> {
  const [row] = await db
    .select()
    .from(identitySigningKeys)
    .orderBy(asc(identitySigningKeys.createdAt), asc(identitySigningKeys.kid))
    .limit(1);
  if (!row) return null;
  const jwk = row.privateJwk as JWK;
  if (jwk.kty !== 'RSA' || typeof jwk.d !== 'string' || jwk.kid !== row.kid) {
    throw new Error(`identity_signing_key ${row.kid} is not an RSA private JWK with its kid`);
  }
  return jwk;
}

async function generatePrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  const privateKey = (await importJWK(jwk, 'RS256')) as CryptoKey;
  const publicJwk: JWK = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: 'RS256', use: 'sig' };
  const publicJwks = { keys: [publicJwk] };
  return { kid: jwk.kid!, privateKey, publicJwks, keySet: createLocalJWKSet(publicJwks) };
}
