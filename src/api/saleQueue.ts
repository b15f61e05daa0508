import type { SaleQueuePlace } from '../../contract/saleQueue.ts';
import type { ApiClient } from './client.ts';

export type { SaleQueuePlace };

/** This app window's id in the sale queue: the member's place is kept while any of their windows asks. */
export const thisWindow = Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');

/** POST /v1/sale_queue/place: takes the member's place in the variant's sale queue, or asks where it stands (one place however often asked), for this window. */
export const takeSalePlace = (api: ApiClient, itemVariantId: string) =>
  api.send<SaleQueuePlace>('POST', '/v1/sale_queue/place', { itemVariantId, tabId: thisWindow });

/** POST /v1/sale_queue/leave: the member gives the place (or the turn) up. */
export const leaveSaleQueue = (api: ApiClient, itemVariantId: string) => api.send<void>('POST', '/v1/sale_queue/leave', { itemVariantId });

/** POST /v1/sale_queue/leave for this window only: the place stays while another window of the member still asks. */
export const leaveSaleQueueInThisWindow = (api: ApiClient, itemVariantId: string) =>
  api.send<void>('POST', '/v1/sale_queue/leave', { itemVariantId, tabId: thisWindow });
