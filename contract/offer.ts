import { Type, type Static } from 'typebox';
import { ImageOptions } from './common.ts';
import { CustomFeeBuildRecord, ItemVariant } from './commerce.ts';

export { ImageOptions };
export type ImageOptions = Static<typeof ImageOptions>;

export const OfferType = Type.Union([Type.Literal('editorial'), Type.Literal('benefit'), Type.Literal('live')]);
export type OfferType = Static<typeof OfferType>;

export const CallToAction = Type.Object({
  type: Type.Union([
    Type.Literal('url'),
    Type.Literal('claim'),
    Type.Literal('payment'),
    Type.Literal('referralUrl'),
    Type.Literal('mailTo'),
  ]),
  label: Type.String(),
  url: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
});
export type CallToAction = Static<typeof CallToAction>;

/** Draft-style raw rich-text state (see PROTOCOLS.md); kept as given. */
export const EditorStateRaw = Type.Object({
  blocks: Type.Array(Type.Unknown()),
  entityMap: Type.Record(Type.String(), Type.Unknown()),
});

export const ContentBlock = Type.Union([
  Type.Object({ type: Type.Literal('richText'), editorStateRaw: EditorStateRaw }),
  Type.Object({ type: Type.Literal('image'), image: ImageOptions, caption: Type.Optional(Type.String()) }),
  Type.Object({ type: Type.Literal('spotify'), src: Type.String() }),
  Type.Object({ type: Type.Literal('youTube'), src: Type.String() }),
]);
export type ContentBlock = Static<typeof ContentBlock>;

export const FeedOffer = Type.Object({
  id: Type.String(),
  categoryId: Type.Union([Type.String(), Type.Null()]),
  type: OfferType,
  title: Type.String(),
  teaserLine: Type.String(),
  tags: Type.Array(Type.String()),
  puffImage: ImageOptions,
  readingTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type FeedOffer = Static<typeof FeedOffer>;

export const OfferListQuery = Type.Object({
  type: Type.Optional(OfferType),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  /** JSON array text of category ids, e.g. ["c1","c2"]. */
  categoryIdSelect: Type.Optional(Type.String({ maxLength: 4096 })),
});

export const OfferList = Type.Array(FeedOffer);

/** GET /v1/get/offer; the flags arrive as 'true' or 'false'. */
export const OfferDetailQuery = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 200 }),
  getVoucher: Type.Optional(Type.Boolean()),
  getCompanionOffer: Type.Optional(Type.Boolean()),
  getAvailability: Type.Optional(Type.Boolean()),
});

export const CompanionOffer = Type.Object({
  id: Type.String(),
  type: OfferType,
  title: Type.String(),
  teaserLine: Type.String(),
  companionOfferHeader: Type.String(),
  puffImage: ImageOptions,
});
export type CompanionOffer = Static<typeof CompanionOffer>;

export const OfferDetail = Type.Object({
  id: Type.String(),
  type: OfferType,
  title: Type.String(),
  preamble: Type.String(),
  teaserLine: Type.String(),
  tags: Type.Array(Type.String()),
  readingTime: Type.Union([Type.Integer(), Type.Null()]),
  categoryId: Type.Union([Type.String(), Type.Null()]),
  puffImage: ImageOptions,
  requiresSignIn: Type.Boolean(),
  itemVariantType: Type.Union([Type.Literal('ticket'), Type.Literal('other'), Type.Null()]),
  /** What the offer sells, in list order; empty for offers that sell nothing. */
  itemVariantList: Type.Array(ItemVariant),
  /** The custom fees the variants name, by id. */
  itemVariantCustomFeeBuildRecord: CustomFeeBuildRecord,
  /** Count per variant id (0: sold out). */
  itemVariantAvailability: Type.Record(Type.String(), Type.Integer()),
  /** The variant shown first: the first one that can still be bought, else 0. */
  itemVariantIndex: Type.Integer(),
  /** The offer has unique promo codes (claimed or not); the unique-code row is about these. */
  promoExists: Type.Boolean(),
  /** The offer has a common code; it is in promoCodeCommon once this member has claimed it. */
  promoCodeCommonExists: Type.Boolean(),
  promoCodeCommon: Type.Union([Type.String(), Type.Null()]),
  /** Unique codes exist but none is left to hand out (all claimed or expired). */
  isVoucherCodeSoldOut: Type.Boolean(),
  /** Unique codes one member may claim; 0 without unique codes. */
  voucherClaimCap: Type.Integer(),
  userVoucherCodeClaimCount: Type.Integer(),
  callToAction: Type.Union([CallToAction, Type.Null()]),
  /**
   * With a `referralUrl` call to action: this member's token for this offer, for the referral
   * link (spec 7). Random and kept; the partner checks it with GET /v1/verify/referral_token.
   */
  referralToken: Type.Optional(Type.String()),
  /** Present when asked for (getCompanionOffer) and the companion is active. */
  companionOffer: Type.Optional(CompanionOffer),
  contentBlocks: Type.Array(ContentBlock),
});
export type OfferDetail = Static<typeof OfferDetail>;

/** POST /v1/search/offer; an empty query answers the mixed feed. */
export const OfferSearchBody = Type.Object({
  query: Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$' }),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});

export const Billboard = Type.Object({
  offerId: Type.String(),
  categoryId: Type.Union([Type.String(), Type.Null()]),
  teaserLine: Type.String(),
  title: Type.String(),
  type: OfferType,
  puffImage: ImageOptions,
  readingTime: Type.Union([Type.Integer(), Type.Null()]),
});
export type Billboard = Static<typeof Billboard>;

export const Category = Type.Object({
  id: Type.String(),
  name: Type.String(),
  typeList: Type.Array(OfferType),
});
export type Category = Static<typeof Category>;

export const CategoryList = Type.Object({
  list: Type.Array(Category),
  record: Type.Record(Type.String(), Category),
});
export type CategoryList = Static<typeof CategoryList>;

/** GET /v1/verify/referral_token?token=: what a partner's referral page asks of a token it was given. */
export const ReferralTokenQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const ReferralTokenCheck = Type.Object({
  /** The token was issued by this API for an offer that is still active. */
  valid: Type.Boolean(),
  /** The offer the token was issued for; null for a token never issued. */
  offerId: Type.Union([Type.String(), Type.Null()]),
  brandId: Type.Union([Type.String(), Type.Null()]),
});
export type ReferralTokenCheck = Static<typeof ReferralTokenCheck>;

/**
 * A signed-out visitor asked for an offer that needs a signed-in member (`requiresSignIn`): the
 * public offer detail answers 401 with this code, and the app shows the spec's text with sign-in.
 */
export const OFFER_REQUIRES_SIGN_IN = {
  status: 401,
  code: 'offer_requires_sign_in',
  message: 'You need to be signed in to view this offer',
} as const;
