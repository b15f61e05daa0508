/** Stripe's error answer: `{ error: { type, code, decline_code, message, param } }` with a 4xx status. */
export class StripeProtocolError extends Error {
  constructor(
    readonly status: number,
    readonly type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error',
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly declineCode?: string,
  ) {
    super(message);
  }

  get body() {
    return {
      error: {
        type: this.type,
        message: this.message,
        ...(this.code ? { code: this.code } : {}),
        ...(this.param ? { param: this.param } : {}),
        ...(this.declineCode ? { decline_code: this.declineCode } : {}),
      },
    };
  }
}

export const invalidRequest = (message: string, param?: string, code = 'parameter_invalid') =>
  new StripeProtocolError(400, 'invalid_request_error', message, code, param);
export const missingParam = (param: string) =>
  new StripeProtocolError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
export const noSuchSession = (id: string) =>
  new StripeProtocolError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing', 'session');
