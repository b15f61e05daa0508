import { apiErrorFactsOf, type ApiErrorFacts } from '../contract/apiError.ts';

/**
 * What a failed call tells a machine: the API's `{ status, code, message }`, or what can be read
 * of any other error; `facts` when the refusal carried some (e.g. when a hold limit ends).
 */
export interface CallError {
  status: number;
  code: string;
  message: string;
  facts?: ApiErrorFacts;
}

/** Reads an actor's error (ApiError, a firebase/auth error, anything thrown) as a CallError; 'unknown' when it has no code. */
export function callErrorOf(error: unknown): CallError {
  const fields = typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const facts = apiErrorFactsOf(fields.facts);
  return {
    status: typeof fields.status === 'number' ? fields.status : 0,
    code: fields.code === undefined || fields.code === null ? 'unknown' : String(fields.code),
    message: typeof fields.message === 'string' ? fields.message : String(error),
    ...(Object.keys(facts).length > 0 ? { facts } : {}),
  };
}

/** Just the error code of an actor's error. */
export const errorCodeOf = (error: unknown): string => callErrorOf(error).code;

/** Params for a guard or action on a failed invoke: `{ type: 'isX', params: errorCodeParams }`. */
export const errorCodeParams = ({ event }: { event: { error: unknown } }) => ({ code: errorCodeOf(event.error) });

/** The default of an actor or action the machine cannot do alone: it fails loudly until the wiring provides it. */
export function notProvided(name: string): never {
  throw new Error(`${name} is not provided: wire it in the composition root or the screen's wiring module`);
}
