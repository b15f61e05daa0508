import { measureLoad } from './measuredLoad.ts';
export interface Endpoint {
  label: string;
  path: string;
  headers?: Record<string, string>;
  /** The status every answer should have (200 unless said). */
  status?: number;
}

export interface LoadResult {
  endpoint: Endpoint;
  rps: number;
  /** Milliseconds; autocannon records whole milliseconds. */
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
}

const connections = 10;
const warmupSeconds = 2;
const durationSeconds = 10;

/** The embedded identity server's sign-in, as the Firebase SDK calls it. */
export async function signInForIdToken(origin: string, email: string, password: string, tenantId: string): Promise<string> {
  const response = await fetch(`${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=bench`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, tenantId, returnSecureToken: true }),
  });
  const body = (await response.json()) as { idToken?: string };
  if (!response.ok || !body.idToken) throw new Error(`sign-in failed: HTTP ${response.status} ${JSON.stringify(body)}`);
  return body.idToken;
}

/** One request first, so a wrong token or brand fails loudly before the load run. */
export async function probe(origin: string, endpoint: Endpoint): Promise<{ status: number; summary: string; etag: string | null }> {
  const response = await fetch(origin + endpoint.path, { headers: endpoint.headers });
  const text = await response.text();
  const body: unknown = text === '' ? '' : JSON.parse(text);
  const summary = Array.isArray(body) ? `${body.length} items, ${text.length} bytes` : JSON.stringify(body).slice(0, 120);
  return { status: response.status, summary, etag: response.headers.get('etag') };
}

export async function loadEndpoint(origin: string, endpoint: Endpoint): Promise<LoadResult> {
  const { rps, p50, p99, requests, errors, statusCodes } = await measureLoad(
    endpoint.path,
    { url: origin + endpoint.path, connections, headers: endpoint.headers },
    { warmupSeconds, durationSeconds },
  );
  // Answers other than the one expected (a 304 is what a revalidation should get).
  const non2xx = requests - (statusCodes[String(endpoint.status ?? 200)] ?? 0);
  return { endpoint, rps, p50, p99, requests, non2xx, errors, statusCodes };
}

export const loadSettings = { connections, warmupSeconds, durationSeconds };
