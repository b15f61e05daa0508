import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ApiError } from '../../../src/api/apiError.ts';
import { everyBlock, offerDetail } from './offerDetailFixtures.ts';
import { renderOfferScreen } from './offerScreenHarness.tsx';

const mixedFeed = { origin: 'mixedFeed', type: 'live', id: 'offer-1' };

describe('offer screen', () => {
  it('asks the API for the offer with voucher, companion and availability', async () => {
    const { calls } = renderOfferScreen({ answer: offerDetail(), params: mixedFeed });
    expect(screen.getByRole('status')).toBeTruthy();
    await screen.findByRole('heading', { level: 1, name: 'Jazz on the pier' });
    expect(calls).toContainEqual({
      path: '/v1/get/offer',
      query: { id: 'offer-1', getVoucher: true, getCompanionOffer: true, getAvailability: true },
    });
  });

  it('shows the hero image, category tag, title, preamble and info strip', async () => {
    renderOfferScreen({ answer: offerDetail({ categoryId: 'music', type: 'editorial', readingTime: 4 }), params: mixedFeed });
    await screen.findByRole('heading', { level: 1, name: 'Jazz on the pier' });
    expect(screen.getByRole('img', { name: 'A concert stage' })).toBeTruthy();
    expect(await screen.findByText('Music')).toBeTruthy();
    expect(screen.getByText('A summer evening of jazz by the sea.')).toBeTruthy();
    const strip = screen.getByRole('list', { name: 'About this offer' });
    expect(within(strip).getByText('Article')).toBeTruthy();
    expect(within(strip).getByText('4 minutes read')).toBeTruthy();
  });

  it('renders every block type: rich text, captioned image and click-to-load players', async () => {
    const { container } = renderOfferScreen({ answer: offerDetail({ contentBlocks: everyBlock() }), params: mixedFeed });
    // Rich text is a lazy chunk: its first load may outlast findBy's default wait on a busy machine.
    expect(await screen.findByText('Members get in first.', {}, { timeout: 15_000 })).toBeTruthy();
    const figure = screen.getByRole('figure');
    expect(within(figure).getByRole('img', { name: 'The venue at night' })).toBeTruthy();
    expect(figure.querySelector('figcaption')?.textContent).toBe('The venue, photographed for Aurora.');
    // Nothing from Spotify or YouTube before the member asks for it.
    expect(container.querySelector('iframe')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load Spotify player' }));
    const spotify = screen.getByTitle('Spotify player');
    expect(spotify.tagName).toBe('IFRAME');
    expect(spotify.getAttribute('src')).toBe('https://open.spotify.com/embed/playlist/37i9dQZF1DX4sWSpwq3LiO');
    expect(container.querySelectorAll('iframe')).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Load YouTube video' }));
    expect(screen.getByTitle('YouTube video').getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ');
    expect(container.querySelectorAll('iframe')).toHaveLength(2);
  });

  it('drops a player whose address is not the service itself', async () => {
    const { container } = renderOfferScreen({
      answer: offerDetail({ contentBlocks: [{ type: 'youTube', src: 'javascript:alert(1)' }, { type: 'spotify', src: 'https://evil.example/embed' }] }),
      params: mixedFeed,
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /Load/ })).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('rewrites a rich-text link into the app for the current section', async () => {
    const raw = {
      blocks: [{ key: 'l1', text: 'See the benefit', type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [{ offset: 4, length: 11, key: 0 }], data: {} }],
      entityMap: { 0: { type: 'LINK', mutability: 'MUTABLE', data: { url: 'http://localhost/benefit/offer-9' } } },
    };
    const { pushed } = renderOfferScreen({ answer: offerDetail({ contentBlocks: [{ type: 'richText', editorStateRaw: raw }] }), params: mixedFeed });
    const link = await screen.findByRole('link', { name: 'the benefit' });
    expect(link.getAttribute('href')).toBe('/mixedFeed/benefit/offer-9');
    fireEvent.click(link);
    expect(pushed).toEqual(['/mixedFeed/benefit/offer-9']);
  });
});

describe('offer call to action', () => {
  it('url: opens the address in a new tab', async () => {
    renderOfferScreen({ answer: offerDetail({ callToAction: { type: 'url', label: 'Book at the venue', url: 'https://example.com/pier' } }), params: mixedFeed });
    const link = await screen.findByRole('link', { name: 'Book at the venue' });
    expect(link.getAttribute('href')).toBe('https://example.com/pier');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('url: a javascript: address gives no button', async () => {
    renderOfferScreen({ answer: offerDetail({ callToAction: { type: 'url', label: 'Click', url: 'javascript:alert(1)' } }), params: mixedFeed });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Click' })).toBeNull();
  });

  it('mailTo: writes to the brand contact with the member in the subject and the message as body', async () => {
    const message = 'Hi! I would like to know more about “Jazz & more”.';
    renderOfferScreen({ answer: offerDetail({ callToAction: { type: 'mailTo', label: 'Register interest', message } }), params: mixedFeed });
    const link = await screen.findByRole('link', { name: 'Register interest' });
    expect(link.getAttribute('href')).toBe(
      `mailto:help@aurora.test?subject=${encodeURIComponent('Maja Lind ID: uid-1')}&body=${encodeURIComponent(message)}`,
    );
    expect(link.getAttribute('href')).toContain('body=Hi!%20I%20would%20like%20to%20know%20more%20about%20%E2%80%9CJazz%20%26%20more%E2%80%9D.');
  });

  it('referralUrl: the referral page with the offer id and the token the server issued, never the member id', async () => {
    renderOfferScreen({
      answer: offerDetail({
        callToAction: { type: 'referralUrl', label: 'Book with member price', url: 'https://example.com/pier/book?ref=aurora' },
        referralToken: 'Xb3kQ9-token-from-the-server',
      }),
      params: mixedFeed,
    });
    const link = await screen.findByRole('link', { name: 'Book with member price' });
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://example.com/pier/book');
    expect(url.searchParams.get('ref')).toBe('aurora');
    expect(url.searchParams.get('offerId')).toBe('offer-1');
    expect(url.searchParams.get('token')).toBe('Xb3kQ9-token-from-the-server');
    expect(link.getAttribute('href')).not.toContain('uid-1');
    expect(link.getAttribute('target')).toBe('_blank');
  });

  it('referralUrl without a token from the server: no link rather than one with the member id', async () => {
    renderOfferScreen({
      answer: offerDetail({ callToAction: { type: 'referralUrl', label: 'Book with member price', url: 'https://example.com/pier/book' } }),
      params: mixedFeed,
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Book with member price' })).toBeNull();
  });

  it('claim on an offer without any promo code: disabled, saying no codes remain', async () => {
    renderOfferScreen({ answer: offerDetail({ callToAction: { type: 'claim', label: 'Get it' } }), params: mixedFeed });
    const button = await screen.findByRole('button', { name: 'Get it' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe('There are no remaining promo codes for this offer.');
  });

  it('payment: shows its place, disabled, with a coming-soon note', async () => {
    const type = 'payment';
    renderOfferScreen({ answer: offerDetail({ callToAction: { type, label: 'Get it' } }), params: mixedFeed });
    const button = await screen.findByRole('button', { name: 'Get it' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toMatch(/Coming soon/);
  });
});

describe('offer companion', () => {
  const companion = (type: 'live' | 'benefit') => ({
    id: 'offer-2', type, title: 'Dinner before the show', teaserLine: 'Two courses', companionOfferHeader: 'Make an evening of it',
    puffImage: offerDetail().puffImage,
  });

  it('same type: /{origin}/{type}/{id} from an origin, and the tap pushes it', async () => {
    const { pushed } = renderOfferScreen({ answer: offerDetail({ companionOffer: companion('live') }), params: mixedFeed });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Make an evening of it' })).closest('section')!;
    const link = within(section).getByRole('link', { name: /Dinner before the show/ });
    expect(link.getAttribute('href')).toBe('/mixedFeed/live/offer-2');
    fireEvent.click(link);
    expect(pushed).toEqual(['/mixedFeed/live/offer-2']);
  });

  it('same type without an origin: /{type}/{id}', async () => {
    renderOfferScreen({ answer: offerDetail({ companionOffer: companion('live') }), params: { type: 'live', id: 'offer-1' } });
    expect((await screen.findByRole('link', { name: /Dinner before the show/ })).getAttribute('href')).toBe('/live/offer-2');
  });

  it('another type: /{origin}/{companionType}/{id}', async () => {
    renderOfferScreen({ answer: offerDetail({ companionOffer: companion('benefit') }), params: mixedFeed });
    expect((await screen.findByRole('link', { name: /Dinner before the show/ })).getAttribute('href')).toBe('/mixedFeed/benefit/offer-2');
  });

  it('another type without an origin: the offer type stands in for it', async () => {
    renderOfferScreen({ answer: offerDetail({ companionOffer: companion('benefit') }), params: { type: 'live', id: 'offer-1' } });
    expect((await screen.findByRole('link', { name: /Dinner before the show/ })).getAttribute('href')).toBe('/live/benefit/offer-2');
  });

  it('opened from search: stays in search', async () => {
    renderOfferScreen({ answer: offerDetail({ companionOffer: companion('benefit') }), params: { type: 'live', id: 'offer-1' }, path: '/search/live/offer-1' });
    expect((await screen.findByRole('link', { name: /Dinner before the show/ })).getAttribute('href')).toBe('/search/benefit/offer-2');
  });
});

describe('offer call-to-action placement', () => {
  const withCompanionAndCta = offerDetail({
    callToAction: { type: 'url', label: 'Book', url: 'https://example.com/' },
    companionOffer: { id: 'o2', type: 'live', title: 'Companion', teaserLine: '', companionOfferHeader: 'Also', puffImage: offerDetail().puffImage },
  });
  const ctaFollowsCompanion = () => {
    const cta = screen.getByRole('link', { name: 'Book' });
    const companion = screen.getByRole('heading', { level: 2, name: 'Also' });
    return Boolean(companion.compareDocumentPosition(cta) & Node.DOCUMENT_POSITION_FOLLOWING);
  };

  it('mobile: last in the page, so it floats at the bottom over the whole article', async () => {
    renderOfferScreen({ answer: withCompanionAndCta, params: mixedFeed, layout: 'mobile' });
    await screen.findByRole('link', { name: 'Book' });
    expect(ctaFollowsCompanion()).toBe(true);
  });

  it('desktop: inline after the content, before the companion', async () => {
    renderOfferScreen({ answer: withCompanionAndCta, params: mixedFeed, layout: 'desktop' });
    await screen.findByRole('link', { name: 'Book' });
    expect(ctaFollowsCompanion()).toBe(false);
  });

  const selling = offerDetail({
    itemVariantType: 'ticket',
    callToAction: { type: 'payment', label: 'Buy tickets' },
    contentBlocks: everyBlock(),
    itemVariantList: [{
      id: 'standing', title: 'Standing', description: '', images: [], price: { current: 39_500, original: 39_500 }, currency: 'SEK',
      customFeeIdList: [], taxRates: [], purchaseCap: 8, date: { start: Date.now() + 86_400_000 * 30, end: null },
      location: { address: 'Gatan 1', zipCode: '111 11', city: 'Stockholm', mapUrl: '' },
    }],
    itemVariantAvailability: { standing: 20 },
  });
  const follows = (first: Element, second: Element) => Boolean(first.compareDocumentPosition(second) & Node.DOCUMENT_POSITION_FOLLOWING);

  it('desktop: the payment action right after the ticket pickers, before the article text', async () => {
    renderOfferScreen({ answer: selling, params: mixedFeed, layout: 'desktop' });
    const buy = await screen.findByRole('button', { name: 'Buy tickets' });
    const pickers = screen.getByRole('region', { name: 'Tickets' });
    expect(pickers.nextElementSibling?.contains(buy)).toBe(true);
    expect(follows(buy, await screen.findByText('Members get in first.'))).toBe(true);
  });

  it('mobile: the payment action floats at the end of the article', async () => {
    renderOfferScreen({ answer: selling, params: mixedFeed, layout: 'mobile' });
    const buy = await screen.findByRole('button', { name: 'Buy tickets' });
    expect(follows(await screen.findByText('Members get in first.'), buy)).toBe(true);
    expect(screen.getByRole('article').lastElementChild?.contains(buy)).toBe(true);
  });
});

describe('offer failures', () => {
  const unavailable = 'This offer is not available';
  it.each([
    [new ApiError(404, 'offer_not_found', 'x'), unavailable, 'The article was not found..'],
    [new ApiError(410, 'offer_not_relevant', 'x'), unavailable, 'The offer is no longer relevant'],
    [new ApiError(401, 'auth/id-token-missing', 'x'), unavailable, 'You need to be signed in to view this offer'],
    [new ApiError(500, 'http_500', 'x'), 'Something went wrong', 'Something went wrong. If the problem persists contact customer service.'],
  ])('%s shows "%s: %s" full-page', async (error, heading, text) => {
    renderOfferScreen({ answer: error, params: mixedFeed });
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Contact customer service' }).getAttribute('href')).toMatch(/^mailto:help@aurora\.test/);
  });

  it('offers a retry only for an unexplained failure', async () => {
    renderOfferScreen({ answer: new ApiError(404, 'offer_not_found', 'x'), params: mixedFeed });
    await screen.findByText('The article was not found..');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('retries after a network failure', async () => {
    const { calls } = renderOfferScreen({ answer: new ApiError(600, 'failed_to_fetch', 'Network Error'), params: mixedFeed });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await vi.waitFor(() => expect(calls.filter((c) => c.path === '/v1/get/offer')).toHaveLength(2));
    // Still no network: the page says the device is offline, in the app's words, not the HTTP client's.
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('You are offline');
    expect(screen.getByText('The offer will load as soon as your device is back online.')).toBeTruthy();
    expect(screen.queryByText('Network Error')).toBeNull();
  });
});
