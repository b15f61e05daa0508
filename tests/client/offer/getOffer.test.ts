import { describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client.ts';
import { getOffer } from '../../../src/api/offers.ts';
import { offerDetail } from './offerDetailFixtures.ts';

const image = (path: string) => ({ jpeg: { medium: `${path}.jpg` }, webp: { large: `${path}.webp` } });

describe('getOffer', () => {
  it('asks for voucher, companion and availability and points every image at the API base', async () => {
    const answer = offerDetail({
      puffImage: image('/media/puff'),
      companionOffer: { id: 'o2', type: 'benefit', title: 'C', teaserLine: '', companionOfferHeader: 'H', puffImage: image('/media/companion') },
      contentBlocks: [{ type: 'image', image: image('/media/block'), caption: 'Cap' }, { type: 'spotify', src: 'https://open.spotify.com/embed/x' }],
    });
    const fetch = vi.fn(async (_url: URL | RequestInfo) => new Response(JSON.stringify(answer), { status: 200 }));
    const api = createApiClient({ baseUrl: 'https://api.example', appUrl: 'http://aurora.localhost', getIdToken: async () => null, fetch });
    const offer = await getOffer(api, 'offer-1');
    const url = new URL(String(fetch.mock.calls[0]![0]));
    expect(url.pathname).toBe('/v1/get/offer');
    expect(Object.fromEntries(url.searchParams)).toEqual({ id: 'offer-1', getVoucher: 'true', getCompanionOffer: 'true', getAvailability: 'true' });
    expect(offer.puffImage.jpeg.medium).toBe('https://api.example/media/puff.jpg');
    expect(offer.companionOffer?.puffImage.webp.large).toBe('https://api.example/media/companion.webp');
    expect(offer.contentBlocks[0]).toEqual({ type: 'image', image: image('https://api.example/media/block'), caption: 'Cap' });
    expect(offer.contentBlocks[1]).toEqual({ type: 'spotify', src: 'https://open.spotify.com/embed/x' });
  });

  it('passes the API errors on (404 offer_not_found)', async () => {
    const body = { status: 404, code: 'offer_not_found', message: 'The article was not found..' };
    const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status: 404 }));
    const api = createApiClient({ baseUrl: '', appUrl: 'http://aurora.localhost', getIdToken: async () => null, fetch });
    await expect(getOffer(api, 'nope')).rejects.toMatchObject({ status: 404, code: 'offer_not_found' });
  });
});
