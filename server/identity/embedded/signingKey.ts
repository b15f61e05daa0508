import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
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

export const signingKeyFileName = 'identity-signing-key.json';

/** The provider's RS256 key: signs ID and custom tokens, verifies them through `keySet`. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwks: JSONWebKeySet;
  keySet: JWTVerifyGetKey;
}

/** Loads `${dataDir}/identity-signing-key.json`, creating it on first start; `memory://` keeps it in memory. */
export async function loadOrCreateSigningKey(dataDir: string): Promise<SigningKey> {
  if (dataDir.startsWith('memory://')) return fromPrivateJwk(await generatePrivateJwk());
  const path = join(dataDir, signingKeyFileName);
  const stored = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (stored !== null) return fromPrivateJwk(parseStoredKey(stored, path));
  const jwk = await generatePrivateJwk();
  await mkdir(dataDir, { recursive: true });
  // Write then rename, so a crash never leaves a half-written key behind.
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, JSON.stringify(jwk, null, 2), { mode: 0o600 });
  await rename(temporary, path);
  return fromPrivateJwk(jwk);
}

async function generatePrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  return { ...(await exportJWK(privateKey)), kid: randomUUID(), alg: 'RS256', use: 'sig' };
}

function parseStoredKey(text: string, path: string): JWK {
  let jwk: JWK;
  try {
    jwk = JSON.parse(text) as JWK;
  } catch {
    throw new Error(`${path} is not valid JSON; delete it to generate a new key`);
  }
  if (jwk.kty !== 'RSA' || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string') {
    throw new Error(`${path} is not an RSA private JWK with a kid; delete it to generate a new key`);
  }
  return jwk;
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKey> {
  const privateKey = (await importJWK(jwk, 'RS256')) as CryptoKey;
  const publicJwk: JWK = { kty: jwk.kty, n: jwk.n, e: jwk.e, kid: jwk.kid, alg: 'RS256', use: 'sig' };
  const publicJwks = { keys: [publicJwk] };
  return { kid: jwk.kid!, privateKey, publicJwks, keySet: createLocalJWKSet(publicJwks) };
}
