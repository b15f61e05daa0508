import type { MemberWaitingListPlace, WaitingListPlace } from '../../contract/waitingList.ts';
import type { ApiClient } from './client.ts';

export type { MemberWaitingListPlace, WaitingListPlace };

/** GET /v1/get_list/user/waiting_list: every place the member holds or held, with its offer ("My waiting lists"). */
export const getMemberWaitingLists = (api: ApiClient) => api.get<MemberWaitingListPlace[]>('/v1/get_list/user/waiting_list');

/** GET /v1/get_list/waiting_list: the member's places on the offer's variants. */
export const getWaitingListPlaces = (api: ApiClient, offerId: string) => api.get<WaitingListPlace[]>('/v1/get_list/waiting_list', { offerId });

/** POST /v1/join/waiting_list: a place in line on a sold-out variant (joining twice keeps it). */
export const joinWaitingList = (api: ApiClient, itemVariantId: string) => api.send<WaitingListPlace>('POST', '/v1/join/waiting_list', { itemVariantId });

/** POST /v1/leave/waiting_list: gives the place (or a held offer) up. */
export const leaveWaitingList = (api: ApiClient, itemVariantId: string) => api.send<WaitingListPlace>('POST', '/v1/leave/waiting_list', { itemVariantId });
