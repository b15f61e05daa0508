import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenDatabase } from '../../server/db/database.ts';
import { identitySigningKeys } from '../../server/db/schema/identity.ts';
import { createEmbeddedIdentity, type EmbeddedIdentity } from '../../server/identity/embedded/index.ts';
import { apiKey, projectId } from './identity.helpers.ts';
import { openTestDatabase } from './support/testDatabase.ts';

let database: OpenDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
}, 60_000);
afterAll(() => database.close());

/** Signs in through `identity`'s own routes, as another server instance would serve it. */
async function signInThrough(identity: EmbeddedIdentity, body: object) {
  const app = Fastify();
  await identity.registerRoutes(app);
  const answer = await app.inject({ method: 'POST', url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${apiKey}`, payload: body });
  await app.close();
  expect(answer.statusCode).toBe(200);
  return answer.json().idToken as string;
}

describe('embedded identity: signing key in the database', () => {
  it('is shared by instances starting together, and kept when they start again', async () => {
    const options = { db: database.db, projectId };
    const [first, second] = await Promise.all([createEmbeddedIdentity(options), createEmbeddedIdentity(options)]);
    const kid = first.jwks().keys[0]!.kid;
    expect(second.jwks()).toEqual(first.jwks());
    expect((await database.db.select().from(identitySigningKeys)).map((row) => row.kid)).toEqual([kid]);

    const uid = await first.createAccount({ tenantId: 'keys', email: 'kim@example.com', password: 'Secret-01' });
    const credentials = { email: 'kim@example.com', password: 'Secret-01', tenantId: 'keys' };
    await expect(first.verifyIdToken(await signInThrough(second, credentials))).resolves.toMatchObject({ uid, tenantId: 'keys' });
    await expect(second.verifyIdToken(await signInThrough(first, credentials))).resolves.toMatchObject({ uid, tenantId: 'keys' });

    const restarted = await createEmbeddedIdentity(options);
    expect(restarted.jwks().keys[0]!.kid).toBe(kid);
    const custom = await restarted.createCustomToken('keys', uid);
    const app = Fastify();
    await first.registerRoutes(app);
    const answer = await app.inject({ method: 'POST', url: `/identitytoolkit.googleapis.com/v1/accounts:signInWithCustomToken?key=${apiKey}`, payload: { token: custom } });
    await app.close();
    expect(answer.statusCode).toBe(200);
    await expect(restarted.verifyIdToken(answer.json().idToken)).resolves.toMatchObject({ uid });
  });
});
