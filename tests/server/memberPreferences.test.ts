import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, favouriteCategories, users } from '../../server/db/schema/index.ts';
import { makeOffers } from './support/factories.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { call, makeAccountBrands, signUpMember } from './accounts.helpers.ts';

/*
 * Issue 23, the member's own settings: the language they chose (on their record, answered with
 * every User) and their favourite categories (PUT /v1/update/user/category, for the feed's
 * "My categories" filter), which go with the account. On PGlite, or PostgreSQL with TEST_DATABASE_URL.
 */

let t: TestApp;
const clock = { ms: Date.now(), now: () => clock.ms, advance: (ms: number) => void (clock.ms += ms) };
/** Past the few seconds the API trusts a verified token and a role without asking again. */
const pastTokenCache = () => clock.advance(6000);

beforeAll(async () => {
  t = await createTestApp({ now: clock.now });
  await makeAccountBrands(t);
  // Aurora's order is music, food, travel, film (position, then name); Borealis has its own, one id shared.
  await t.db.insert(categories).values([
    { brandId: 'aurora', id: 'travel', name: 'Travel', typeList: ['editorial'], position: 3 },
    { brandId: 'aurora', id: 'food', name: 'Food', typeList: ['benefit'], position: 2 },
    { brandId: 'aurora', id: 'music', name: 'Music', typeList: ['live'], position: 1 },
    { brandId: 'aurora', id: 'film', name: 'Film', typeList: ['live', 'editorial'], position: 4 },
    { brandId: 'aurora', id: 'other', name: 'Other', typeList: ['benefit'], position: 5 },
    { brandId: 'borealis', id: 'fjord', name: 'Fjord', typeList: ['benefit'], position: 1 },
    { brandId: 'borealis', id: 'music', name: 'Musikk', typeList: ['live'], position: 2 },
  ]);
}, 60_000);
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof signUpMember>>;
const error = (status: number, code: string) => ({ status, body: expect.objectContaining({ status, code, message: expect.any(String) }) });
const getUser = (m: Pick<Member, 'idToken'>, brand: 'aurora' | 'borealis' = 'aurora') => call(t, { method: 'GET', url: '/v1/get/user', idToken: m.idToken, brand });
const updateUser = (m: Pick<Member, 'idToken'>, body: unknown) => call(t, { method: 'PUT', url: '/v1/update/user', idToken: m.idToken, body });
const setFavourites = (m: Pick<Member, 'idToken'>, body: unknown, brand: 'aurora' | 'borealis' = 'aurora') =>
  call(t, { method: 'PUT', url: '/v1/update/user/category', idToken: m.idToken, body, brand });
/** The member's favourites as stored, sorted (no answer in between). */
const storedFavourites = async (m: Pick<Member, 'uid'>) =>
  (await t.db.select().from(favouriteCategories).where(eq(favouriteCategories.userId, m.uid))).map((row) => row.categoryId).sort();

describe('the language on the member record', () => {
  it('is null until chosen, then stored and answered by every User answer', async () => {
    const member = await signUpMember(t);
    expect(member.user).toMatchObject({ language: null, favouriteCategoryIdList: [] });
    expect((await getUser(member)).body).toMatchObject({ language: null, favouriteCategoryIdList: [] });

    const chosen = await updateUser(member, { language: 'nb' });
    expect(chosen).toMatchObject({ status: 200, body: { id: member.uid, language: 'nb', firstName: 'Ada' } });
    expect((await getUser(member)).body).toEqual(chosen.body);
    const [row] = await t.db.select().from(users).where(and(eq(users.brandId, 'aurora'), eq(users.id, member.uid)));
    expect(row!.language).toBe('nb');
    // Changed again along with another field.
    expect((await updateUser(member, { language: 'sv', firstName: 'Maja' })).body).toMatchObject({ language: 'sv', firstName: 'Maja' });
  });

  it('needs no current password and leaves the identity provider alone when only the language changes', async () => {
    const member = await signUpMember(t);
    const calls: string[] = [];
    const identity = t.identity;
    const originals = { verifyPassword: identity.verifyPassword, updateEmail: identity.updateEmail, setPassword: identity.setPassword };
    for (const name of Object.keys(originals) as (keyof typeof originals)[]) {
      identity[name] = (async (...args: unknown[]) => {
        calls.push(name);
        return (originals[name] as (...a: unknown[]) => unknown).apply(identity, args);
      }) as never;
    }
    try {
      expect((await updateUser(member, { language: 'en' })).body).toMatchObject({ language: 'en' });
    } finally {
      Object.assign(identity, originals);
    }
    expect(calls).toEqual([]);
    // The session goes on: the token was not revoked.
    pastTokenCache();
    expect((await getUser(member)).body).toMatchObject({ id: member.uid, language: 'en' });
  });

  it('refuses any other language with 400 in the spec shape and changes nothing', async () => {
    const member = await signUpMember(t);
    await updateUser(member, { language: 'sv' });
    const before = (await getUser(member)).body;
    for (const language of ['de', 'NB', 'no', 'sv-SE', '', 5, ['sv'], { sv: true }]) {
      expect({ language, ...(await updateUser(member, { language, firstName: 'Changed' })) }).toMatchObject({ language, ...error(400, 'invalid_request') });
    }
    expect((await getUser(member)).body).toEqual(before);
  });
});

describe('forgetting the language', () => {
  it('null forgets the member\'s choice', async () => {
    const member = await signUpMember(t);
    await updateUser(member, { language: 'nb' });
    expect((await updateUser(member, { language: null })).body).toMatchObject({ language: null });
    expect((await getUser(member)).body).toMatchObject({ language: null });
  });
});

describe('favourite categories', () => {
  it('replaces the whole list, collapses duplicates and answers in the brand order; GET /v1/get/user shows it', async () => {
    const member = await signUpMember(t);
    expect(await setFavourites(member, { categoryIdList: ['travel', 'music', 'travel', 'food'] })).toMatchObject({
      status: 200,
      body: { categoryIdList: ['music', 'food', 'travel'] },
    });
    expect((await getUser(member)).body.favouriteCategoryIdList).toEqual(['music', 'food', 'travel']);
    // The next list replaces it entirely.
    expect((await setFavourites(member, { categoryIdList: ['film', 'food'] })).body).toEqual({ categoryIdList: ['food', 'film'] });
    expect(await storedFavourites(member)).toEqual(['film', 'food']);
    // The profile's other answers carry it too.
    expect((await updateUser(member, { language: 'en' })).body.favouriteCategoryIdList).toEqual(['food', 'film']);
    expect((await setFavourites(member, { categoryIdList: [] })).body).toEqual({ categoryIdList: [] });
    expect((await getUser(member)).body.favouriteCategoryIdList).toEqual([]);
  });

  it("refuses unknown ids and another brand's categories with category/unknown, changing nothing", async () => {
    const member = await signUpMember(t);
    await setFavourites(member, { categoryIdList: ['music', 'food'] });
    const cases = [['music', 'no-such-category'], ['fjord'], ['food', 'fjord'], ['food\u0000'], ["' OR '1'='1"], ['\ud800'], ['x'.repeat(200)]];
    for (const categoryIdList of cases) {
      const answer = await setFavourites(member, { categoryIdList });
      expect({ categoryIdList, ...answer }).toMatchObject({ categoryIdList, ...error(400, 'category/unknown') });
      // The message names no id: not the one sent, not what exists.
      expect(answer.body.message).not.toMatch(/fjord|no-such|food|music/);
    }
    expect(await storedFavourites(member)).toEqual(['food', 'music']);
  });

  it('refuses bodies that are not a list of ids with invalid_request, changing nothing', async () => {
    const member = await signUpMember(t);
    await setFavourites(member, { categoryIdList: ['music'] });
    const bodies = [{}, { categoryIdList: 'music' }, { categoryIdList: [1] }, { categoryIdList: [''] }, { categoryIdList: ['x'.repeat(201)] },
      { categoryIdList: Array.from({ length: 101 }, () => 'music') }, { categoryIdList: ['food'], userId: 'someone' }, null];
    for (const sent of bodies) expect({ sent, ...(await setFavourites(member, sent)) }).toMatchObject({ sent, ...error(400, 'invalid_request') });
    expect(await setFavourites(member, '{"categoryIdList":[')).toMatchObject(error(400, 'invalid_json'));
    expect(await storedFavourites(member)).toEqual(['music']);
  });

  it("never reads or writes another member's favourites, in the brand or across brands", async () => {
    const alice = await signUpMember(t);
    const bob = await signUpMember(t);
    const nora = await signUpMember(t, 'borealis', { ssn: '198507142381' });
    await setFavourites(bob, { categoryIdList: ['travel'] });
    await setFavourites(nora, { categoryIdList: ['fjord', 'music'] }, 'borealis');

    // The token decides whose list it is: Alice's writes and reads are her own.
    expect((await setFavourites(alice, { categoryIdList: ['food'], userId: bob.uid })).status).toBe(400);
    expect((await setFavourites(alice, { categoryIdList: ['food'] })).body).toEqual({ categoryIdList: ['food'] });
    expect((await getUser(alice)).body.favouriteCategoryIdList).toEqual(['food']);
    expect((await getUser(bob)).body.favouriteCategoryIdList).toEqual(['travel']);
    expect(await storedFavourites(bob)).toEqual(['travel']);

    // An Aurora token on Borealis's app URL gets nowhere, and Borealis's member cannot name Aurora's categories.
    expect(await setFavourites(alice, { categoryIdList: ['fjord'] }, 'borealis')).toMatchObject({ status: 403 });
    expect((await getUser(alice, 'borealis')).status).toBe(403);
    expect(await setFavourites(nora, { categoryIdList: ['food'] }, 'borealis')).toMatchObject(error(400, 'category/unknown'));
    // Borealis's own "music" is its category, not Aurora's of the same id.
    expect((await getUser(nora, 'borealis')).body.favouriteCategoryIdList).toEqual(['fjord', 'music']);
    const noraRows = await t.db.select().from(favouriteCategories).where(eq(favouriteCategories.userId, nora.uid));
    expect(noraRows.every((row) => row.brandId === 'borealis')).toBe(true);
    expect(await storedFavourites(alice)).toEqual(['food']);

    expect(await setFavourites({ idToken: '' }, { categoryIdList: ['food'] })).toMatchObject(error(401, 'auth/unauthenticated'));
  });

  it('two updates at once by the same member leave exactly one of the two lists, never a mix', async () => {
    const member = await signUpMember(t);
    const first = ['music', 'food', 'travel'];
    const second = ['food', 'film', 'other'];
    for (let round = 0; round < 8; round++) {
      const [a, b] = round % 2 === 0 ? [first, second] : [second, first];
      const answers = await Promise.all([setFavourites(member, { categoryIdList: a }), setFavourites(member, { categoryIdList: b })]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      // Each answer is its own list whole (in brand order).
      expect(answers.map((answer) => [...answer.body.categoryIdList].sort())).toEqual([[...a].sort(), [...b].sort()]);
      expect([[...first].sort(), [...second].sort()]).toContainEqual(await storedFavourites(member));
    }
  });
});

describe('favourites go with the account', () => {
  const remove = (m: Member) => call(t, { method: 'DELETE', url: '/v1/delete/user', idToken: m.idToken });

  it('are deleted with the account', async () => {
    const member = await signUpMember(t);
    const bystander = await signUpMember(t);
    await setFavourites(member, { categoryIdList: ['music', 'film'] });
    await setFavourites(bystander, { categoryIdList: ['film'] });
    expect((await remove(member)).status).toBe(204);
    expect(await storedFavourites(member)).toEqual([]);
    expect(await storedFavourites(bystander)).toEqual(['film']);
  });

  it('are never left behind by an update running alongside the deletion', async () => {
    for (let round = 0; round < 4; round++) {
      const member = await signUpMember(t);
      await setFavourites(member, { categoryIdList: ['music'] });
      const [removed, updated] = await Promise.all([remove(member), setFavourites(member, { categoryIdList: ['food', 'film'] })]);
      expect(removed.status).toBe(204);
      // Before the deletion it went through; after it the member is gone: their token no longer
      // signs in (401), or it was checked just before and the row is missing (404). Never a 5xx.
      expect([200, 401, 404]).toContain(updated.status);
      expect(await storedFavourites(member)).toEqual([]);
    }
  });

  it('come back with the profile and its language when the identity provider cannot delete the account', async () => {
    const member = await signUpMember(t);
    await setFavourites(member, { categoryIdList: ['travel', 'music'] });
    await updateUser(member, { language: 'nb' });
    const before = (await getUser(member)).body;
    const deleteAccount = t.identity.deleteAccount;
    t.identity.deleteAccount = async () => {
      throw new Error('identity provider down');
    };
    try {
      expect(await remove(member)).toMatchObject(error(500, 'internal_error'));
    } finally {
      t.identity.deleteAccount = deleteAccount;
    }
    pastTokenCache();
    expect((await getUser(member)).body).toEqual(before);
    expect(before).toMatchObject({ language: 'nb', favouriteCategoryIdList: ['music', 'travel'] });
    // And the account can still be deleted for real afterwards.
    expect((await remove(member)).status).toBe(204);
    expect(await storedFavourites(member)).toEqual([]);
  });
});

describe('the mixed feed filtered by the favourites ("My categories")', () => {
  it('pages every type of the chosen categories by offset, without overlap, and nothing else', async () => {
    await makeOffers(t.db, 'aurora', 20, { type: 'benefit', prefix: 'mine-food', categoryId: 'food' });
    await makeOffers(t.db, 'aurora', 25, { type: 'live', prefix: 'mine-music', categoryId: 'music' });
    await makeOffers(t.db, 'aurora', 17, { type: 'editorial', prefix: 'mine-travel', categoryId: 'travel' });
    await makeOffers(t.db, 'aurora', 12, { type: 'benefit', prefix: 'not-mine', categoryId: 'other' });
    await makeOffers(t.db, 'aurora', 6, { type: 'live', prefix: 'no-category' });
    const member = await signUpMember(t);
    const { categoryIdList } = (await setFavourites(member, { categoryIdList: ['travel', 'food', 'music'] })).body as { categoryIdList: string[] };

    // As the client asks: no type, the favourites as JSON array text, 30 per page.
    const page = async (offset: number) => {
      const query = new URLSearchParams({ categoryIdSelect: JSON.stringify(categoryIdList), offset: String(offset) });
      const answer = await call(t, { method: 'GET', url: `/v1/get_list/offer?${query}`, idToken: member.idToken });
      expect(answer.status).toBe(200);
      return answer.body as { id: string; type: string; categoryId: string }[];
    };
    const pages = [await page(0), await page(30), await page(60)];
    expect(pages.map((p) => p.length)).toEqual([30, 30, 2]);
    const all = pages.flat();
    expect(new Set(all.map((o) => o.id)).size).toBe(62);
    expect(new Set(all.map((o) => o.categoryId))).toEqual(new Set(['food', 'music', 'travel']));
    expect(new Set(all.map((o) => o.type))).toEqual(new Set(['benefit', 'live', 'editorial']));
    expect(all.some((o) => o.id.startsWith('not-mine') || o.id.startsWith('no-category'))).toBe(false);
  });
});
