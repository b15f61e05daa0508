import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContentBlock } from '../../contract/offer.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';
import { makeBrand, makeMember, makeOffer, richText, testImage } from './support/factories.ts';

let t: TestApp;
let headers: Record<string, string>;

const contentBlocks: ContentBlock[] = [
  {
    type: 'richText',
    editorStateRaw: {
      blocks: [
        { key: 'a1', text: 'Doors open at seven.', type: 'unstyled', depth: 0, inlineStyleRanges: [{ offset: 0, length: 5, style: 'BOLD' }], entityRanges: [{ offset: 6, length: 4, key: 0 }], data: {} },
        { key: 'a2', text: 'Bring a friend', type: 'unordered-list-item', depth: 1, inlineStyleRanges: [], entityRanges: [], data: {} },
      ],
      entityMap: { '0': { type: 'LINK', mutability: 'MUTABLE', data: { url: 'https://example.com/' } } },
    },
  },
  { type: 'image', image: { ...testImage, imageDescription: 'The stage' }, caption: 'Last year' },
  { type: 'spotify', src: 'https://open.spotify.com/embed/album/1' },
  { type: 'youTube', src: 'https://www.youtube-nocookie.com/embed/x' },
  richText('See you there.'),
];

beforeAll(async () => {
  t = await createTestApp();
  const aurora = await makeBrand(t.db, 'aurora', ['localhost']);
  await makeBrand(t.db, 'borealis', ['borealis.localhost']);
  await makeOffer(t.db, 'aurora', 'live-1', {
    type: 'live', categoryId: 'music', title: 'Nordlys live', teaserLine: 'Fri 3 May · Nalen', preamble: 'An evening to remember.',
    tags: ['music', 'event'], requiresSignIn: false, itemVariantType: 'ticket', contentBlocks,
    callToAction: { type: 'url', label: 'Read more', url: 'https://example.com/nordlys' },
    companionOfferId: 'story-1', companionOfferHeader: 'Make an evening of it',
  });
  await makeOffer(t.db, 'aurora', 'story-1', { type: 'editorial', title: 'Behind the scenes', teaserLine: 'A slow read', readingTime: 4 });
  await makeOffer(t.db, 'aurora', 'merch-1', { itemVariantType: 'merchandise', companionOfferId: 'gone-1', companionOfferHeader: 'Also' });
  await makeOffer(t.db, 'aurora', 'gone-1', { active: false });
  await makeOffer(t.db, 'borealis', 'borealis-1');
  await makeMember(t.db, t.identity, aurora, { email: 'member@aurora.test' });
  headers = { 'x-app-url': 'http://localhost:8080', authorization: `Bearer ${await t.idTokenFor('aurora-tenant', 'member@aurora.test')}` };
});
afterAll(() => t.close());

const all = { getVoucher: 'true', getCompanionOffer: 'true', getAvailability: 'true' };
const detail = (query: Record<string, string>, h = headers) => t.app.inject({ method: 'GET', url: '/v1/get/offer', query, headers: h });

describe('GET /v1/get/offer', () => {
  it('answers the offer detail with its companion offer and empty commerce fields', async () => {
    const response = await detail({ id: 'live-1', ...all });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: 'live-1', type: 'live', title: 'Nordlys live', preamble: 'An evening to remember.', teaserLine: 'Fri 3 May · Nalen',
      tags: ['music', 'event'], readingTime: null, categoryId: 'music', puffImage: testImage, requiresSignIn: false,
      itemVariantType: 'ticket', itemVariantList: [], itemVariantCustomFeeBuildRecord: {}, itemVariantAvailability: {},
      itemVariantIndex: 0, promoExists: false, promoCodeCommonExists: false, promoCodeCommon: null, isVoucherCodeSoldOut: false, voucherClaimCap: 0,
      userVoucherCodeClaimCount: 0, callToAction: { type: 'url', label: 'Read more', url: 'https://example.com/nordlys' },
      companionOffer: { id: 'story-1', type: 'editorial', title: 'Behind the scenes', teaserLine: 'A slow read', companionOfferHeader: 'Make an evening of it', puffImage: testImage },
      contentBlocks,
    });
  });

  it('leaves the companion out unless asked for, and when it is inactive', async () => {
    expect((await detail({ id: 'live-1' })).json()).not.toHaveProperty('companionOffer');
    expect((await detail({ id: 'live-1', ...all, getCompanionOffer: 'false' })).json()).not.toHaveProperty('companionOffer');
    const merch = (await detail({ id: 'merch-1', ...all })).json();
    expect(merch).not.toHaveProperty('companionOffer');
    expect(merch).toMatchObject({ itemVariantType: 'other', callToAction: null, contentBlocks: [], requiresSignIn: true });
    expect((await detail({ id: 'story-1', ...all })).json()).toMatchObject({ itemVariantType: null, readingTime: 4 });
  });

  it("answers the spec's texts for an unknown, another brand's and an inactive offer", async () => {
    for (const id of ['nope', 'borealis-1', "x' OR '1'='1"]) {
      const response = await detail({ id, ...all });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toEqual({ status: 404, code: 'offer_not_found', message: 'The article was not found..' });
    }
    const gone = await detail({ id: 'gone-1', ...all });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toEqual({ status: 410, code: 'offer_not_relevant', message: 'The offer is no longer relevant' });
  });

  it.each([
    [{}],
    [{ id: '' }],
    [{ id: 'x'.repeat(201) }],
    [{ id: 'live-1', getVoucher: 'maybe' }],
    [{ id: 'live-1', getCompanionOffer: '' }],
    [{ id: 'live-1', getAvailability: 'yes please' }],
    [{ id: 'a\u0000b' }],
  ])('answers 400 with a code for %o', async (query) => {
    const response = await detail(query as Record<string, string>);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ status: 400, code: 'invalid_request' });
  });

  it('needs a member of the brand', async () => {
    expect((await detail({ id: 'live-1' }, { 'x-app-url': 'http://localhost:8080' })).statusCode).toBe(401);
  });
});
