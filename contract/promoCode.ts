import { Type, type Static } from 'typebox';
import { ImageOptions } from './common.ts';
import { OfferType } from './offer.ts';

const offerId = Type.String({ minLength: 1, maxLength: 200, pattern: '^[^\\u0000]*$', description: 'The offer id' });

/** POST /v1/claim/offer/voucher/code and its common-code sibling. */
export const PromoClaimBody = Type.Object({ id: offerId });

export const UniquePromoCode = Type.Object(
  {
    code: Type.String(),
    userClaimedCount: Type.Integer({ description: "The member's unique codes of this offer, this one included" }),
    claimCap: Type.Integer({ description: 'Unique codes one member may claim of this offer' }),
  },
  { description: 'A unique code, handed out to this member only' },
);
export type UniquePromoCode = Static<typeof UniquePromoCode>;

export const CommonPromoCode = Type.Object(
  { code: Type.String() },
  { description: "The offer's common code; from now on also in the offer's promoCodeCommon for this member" },
);
export type CommonPromoCode = Static<typeof CommonPromoCode>;

export const ClaimedPromoCode = Type.Object({
  code: Type.String(),
  /** 'unique': handed to this member only; 'common': the offer's code for every member, revealed to this one. */
  kind: Type.Union([Type.Literal('unique'), Type.Literal('common')]),
  claimedAt: Type.String({ format: 'date-time' }),
  groupId: Type.String({ description: 'The offer\'s app path, /{type}/{offerId}: its second segment is the offer id' }),
  offer: Type.Object({ id: Type.String(), type: OfferType, title: Type.String(), puffImage: ImageOptions }),
});
export type ClaimedPromoCode = Static<typeof ClaimedPromoCode>;

/** The member's unique codes and revealed common codes of the brand, newest first. */
export const ClaimedPromoCodeList = Type.Array(ClaimedPromoCode);
export type ClaimedPromoCodeList = Static<typeof ClaimedPromoCodeList>;
