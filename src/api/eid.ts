import type { EidCollect, EidOrder, EidQrCode } from '../../contract/eid.ts';
import type { ApiClient } from './client.ts';

export type { EidCollect, EidOrder, EidQrCode };

/** Bank-eID sign-in (BankID behind the API): start, the animated QR code, collect, cancel. */
export const startBankIdOrder = (api: ApiClient) => api.send<EidOrder>('POST', '/v1/eid/auth');
export const bankIdQrCode = (api: ApiClient, orderRef: string) => api.send<EidQrCode>('POST', '/v1/eid/qr', { orderRef });
export const collectBankIdOrder = (api: ApiClient, orderRef: string) => api.send<EidCollect>('POST', '/v1/eid/collect', { orderRef });
export const cancelBankIdOrder = (api: ApiClient, orderRef: string) => api.send<object>('POST', '/v1/eid/cancel', { orderRef });
