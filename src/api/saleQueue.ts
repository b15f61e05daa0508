import type { SaleQueuePlace } from '../../contract/saleQueue.ts';
import type { ApiClient } from './client.ts';

export type { SaleQueuePlace };

/** POST /v1/sale_queue/place: takes the member's place in the variant's sale queue, or asks where it stands (one place however often asked). */
export const takeSalePlace = (api: ApiClient, itemVariantId: string) => api.send<SaleQueuePlace>('POST', '/v1/sale_queue/place', { itemVariantId });

/** POST /v1/sale_queue/leave: gives the place (or the turn) up. */
export const leaveSaleQueue = (api: ApiClient, itemVariantId: string) => api.send<void>('POST', '/v1/sale_queue/leave', { itemVariantId });
