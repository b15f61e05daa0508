/** The answer of `auth` (BankID RP API v6 /auth). */
export interface AuthOrder {
  orderRef: string;
  autoStartToken: string;
  qrStartToken: string;
  /** Key of the animated QR codes; stays on the server. */
  qrStartSecret: string;
}

export type CollectStatus = 'pending' | 'failed' | 'complete';

export interface CompletedUser {
  personalNumber: string;
  name: string;
  givenName: string;
  surname: string;
}

/** The answer of `collect` (BankID RP API v6 /collect), the fields we read. */
export interface CollectResult {
  orderRef: string;
  status: CollectStatus;
  /** pending: outstandingTransaction, noClient, started, userSign, ...; failed: userCancel, expiredTransaction, startFailed, ... */
  hintCode?: string;
  completionData?: { user: CompletedUser };
}

/** The error codes of the RP API (errorCode of a 4xx/5xx answer). */
export type EidErrorCode =
  | 'alreadyInProgress'
  | 'invalidParameters'
  | 'unauthorized'
  | 'notFound'
  | 'requestTimeout'
  | 'internalError'
  | 'maintenance'
  | 'unknown';

export class EidError extends Error {
  constructor(
    readonly errorCode: EidErrorCode,
    readonly details: string,
  ) {
    super(`${errorCode}: ${details}`);
    this.name = 'EidError';
  }
}

/**
 * The bank eID service as the relying party uses it: BankID's RP API over mutual TLS, or the
 * embedded simulator that keeps real orders in the database. Unknown or cancelled orders throw
 * EidError invalidParameters, as BankID does.
 */
export interface EidProvider {
  readonly kind: 'simulated' | 'bankid';
  auth(request: { endUserIp: string }): Promise<AuthOrder>;
  collect(orderRef: string): Promise<CollectResult>;
  cancel(orderRef: string): Promise<void>;
}
