import type { DoorCheckInBody, DoorEvening, DoorEvenings, DoorPack, DoorSyncAnswer, DoorSyncBody, ScanOutcome } from '../../contract/door.ts';
import type { ApiClient } from './client.ts';

/** GET /v1/door/evenings: the brand's ticketed evenings around now, with admitted / sold. */
export const getDoorEvenings = async (api: ApiClient): Promise<DoorEvening[]> => (await api.get<DoorEvenings>('/v1/door/evenings')).evenings;

/** GET /v1/door/evenings/:eveningId/pack: what the door needs to admit offline. */
export const getDoorPack = (api: ApiClient, eveningId: string): Promise<DoorPack> =>
  api.get<DoorPack>(`/v1/door/evenings/${encodeURIComponent(eveningId)}/pack`);

/** POST /v1/door/check-ins: the server checks the code in, once per ticket. */
export const checkInTicket = (api: ApiClient, body: DoorCheckInBody): Promise<ScanOutcome> => api.send<ScanOutcome>('POST', '/v1/door/check-ins', body);

/** POST /v1/door/sync: the admissions made offline; answers the double entries this door is part of. */
export const syncDoorCheckIns = (api: ApiClient, body: DoorSyncBody): Promise<DoorSyncAnswer> => api.send<DoorSyncAnswer>('POST', '/v1/door/sync', body);
