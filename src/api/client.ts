import { i18n } from '@lingui/core';
import { errorFromResponse, failedToFetch, type ApiError } from './apiError.ts';

export interface ApiClientOptions {
  baseUrl: string;
  /** The app URL the brand is found by (the page's origin). */
  appUrl: string;
  /** The signed-in user's ID token, or null when signed out. */
  getIdToken: () => Promise<string | null>;
  /** Told of every 401 answer: the session decides whether the token can be renewed. */
  onUnauthorized?: (error: ApiError) => void;
  /** The app's active language, sent as Accept-Language so brand and offer texts come in it (Lingui's active locale unless told). */
  language?: () => string;
  /** A new id per request, sent as X-Request-Id: the server logs the request under it and echoes it. */
  requestId?: () => string;
  fetch?: typeof fetch;
}

type Query = Record<string, string | number | boolean | undefined>;

export interface ApiClient {
  get<T>(path: string, query?: Query): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
  readonly appUrl: string;
  /** Where the API (and its /media) lives; empty for the app's own origin. */
  readonly baseUrl: string;
}

/** 128 random bits in hex: crypto.getRandomValues works on plain http too, where randomUUID does not. */
export function newRequestId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The one way the app talks to /v1: JSON, the ID token, the app URL, the app's language, a request id; errors normalised. */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const language = options.language ?? (() => i18n.locale);
  const requestId = options.requestId ?? newRequestId;

  async function request<T>(method: string, path: string, query?: Query, body?: unknown): Promise<T> {
    const url = new URL(`${options.baseUrl}${path}`, options.appUrl);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { Accept: 'application/json', 'X-App-Url': options.appUrl, 'X-Request-Id': requestId() };
    // Not the browser's own list: the server answers in the one language the app shows.
    const active = language();
    if (active) headers['Accept-Language'] = active;
    const token = await options.getIdToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw failedToFetch();
    }
    if (response.status >= 400) {
      const error = await errorFromResponse(response);
      if (error.status === 401) options.onUnauthorized?.(error);
      throw error;
    }
    if (response.status === 204) return {} as T;
    return (await response.json()) as T;
  }

  return {
    appUrl: options.appUrl,
    baseUrl: options.baseUrl,
    get: (path, query) => request('GET', path, query),
    send: (method, path, body) => request(method, path, undefined, body),
  };
}
