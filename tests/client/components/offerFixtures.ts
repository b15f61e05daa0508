import type { FeedOffer, ImageOptions } from '../../../contract/offer.ts';

export function imageOptions(overrides: Partial<ImageOptions> = {}): ImageOptions {
  return {
    jpeg: { medium: '/media/a-480.jpg', large: '/media/a-1200.jpg' },
    webp: { medium: '/media/a-480.webp', large: '/media/a-1200.webp' },
    imageDescription: 'A concert stage',
    ...overrides,
  };
}

export function feedOffer(overrides: Partial<FeedOffer> = {}): FeedOffer {
  return {
    id: 'offer-1',
    categoryId: null,
    type: 'benefit',
    title: 'Two for one',
    teaserLine: 'Bring a friend for free',
    tags: [],
    puffImage: imageOptions(),
    readingTime: null,
    ...overrides,
  };
}
