import type { ContentBlock, OfferDetail } from '../../../contract/offer.ts';
import { imageOptions } from '../components/offerFixtures.ts';

/** A rich-text block with one paragraph. */
export function paragraphBlock(text: string): ContentBlock {
  return {
    type: 'richText',
    editorStateRaw: {
      blocks: [{ key: 'a1', text, type: 'unstyled', depth: 0, inlineStyleRanges: [], entityRanges: [], data: {} }],
      entityMap: {},
    },
  };
}

/** One block of every type the offer page knows. */
export function everyBlock(): ContentBlock[] {
  return [
    paragraphBlock('Members get in first.'),
    { type: 'image', image: imageOptions({ imageDescription: 'The venue at night', width: 1200, height: 800 }), caption: 'The venue, photographed for Aurora.' },
    { type: 'spotify', src: 'https://open.spotify.com/embed/playlist/37i9dQZF1DX4sWSpwq3LiO' },
    { type: 'youTube', src: 'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ' },
  ];
}

export function offerDetail(overrides: Partial<OfferDetail> = {}): OfferDetail {
  return {
    id: 'offer-1',
    type: 'live',
    title: 'Jazz on the pier',
    preamble: 'A summer evening of jazz by the sea.',
    teaserLine: 'Members get in first',
    tags: ['jazz'],
    readingTime: null,
    categoryId: null,
    puffImage: imageOptions(),
    requiresSignIn: false,
    itemVariantType: null,
    itemVariantList: [],
    itemVariantCustomFeeBuildRecord: {},
    itemVariantAvailability: {},
    itemVariantIndex: 0,
    promoExists: false,
    promoCodeCommonExists: false,
    promoCodeCommon: null,
    isVoucherCodeSoldOut: false,
    voucherClaimCap: 0,
    userVoucherCodeClaimCount: 0,
    callToAction: null,
    contentBlocks: [],
    ...overrides,
  };
}
