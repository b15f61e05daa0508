import { Type, type Static } from 'typebox';

/**
 * A member's place on a sold-out variant's waiting list (spec 5): `notWaiting`; `waiting` with
 * `place` (1 is next); `offered`, one unit held for them until `offeredUntil` (ms since epoch);
 * `expired`, the offer lapsed unused (they may join again, at the back).
 */
export const WaitingListPlace = Type.Object({
  itemVariantId: Type.String(),
  status: Type.Union([Type.Literal('notWaiting'), Type.Literal('waiting'), Type.Literal('offered'), Type.Literal('expired')]),
  place: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  offeredUntil: Type.Union([Type.Number(), Type.Null()]),
});
export type WaitingListPlace = Static<typeof WaitingListPlace>;

/** GET /v1/get_list/waiting_list?offerId=: the member's places on the offer's variants. */
export const WaitingListQuery = Type.Object({ offerId: Type.String({ minLength: 1, maxLength: 200 }) });
export const WaitingListPlaces = Type.Array(WaitingListPlace);
export type WaitingListPlaces = Static<typeof WaitingListPlaces>;

/** POST /v1/join/waiting_list and /v1/leave/waiting_list. */
export const WaitingListBody = Type.Object({ itemVariantId: Type.String({ minLength: 1, maxLength: 200 }) });
export type WaitingListBody = Static<typeof WaitingListBody>;

/** GET /v1/get_list/user/waiting_list: every place the member holds or held, with what it is for ("My waiting lists"). */
export const MemberWaitingListPlace = Type.Object({
  ...WaitingListPlace.properties,
  status: Type.Union([Type.Literal('waiting'), Type.Literal('offered'), Type.Literal('expired')]),
  offerId: Type.String(),
  offerType: Type.String(),
  offerTitle: Type.String(),
  variantTitle: Type.String(),
  /** The evening's start (ms since epoch), null for items without a date. */
  dateStart: Type.Union([Type.Number(), Type.Null()]),
  city: Type.Union([Type.String(), Type.Null()]),
});
export type MemberWaitingListPlace = Static<typeof MemberWaitingListPlace>;
export const MemberWaitingListPlaces = Type.Array(MemberWaitingListPlace);
