// autocannon ships no types; this covers the part the bench uses.
declare module 'autocannon' {
  /** The request autocannon is about to send; setupRequest may return a changed copy. */
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  /** One connection; `setupClient` may give it its own headers. */
  interface Client {
    setHeaders(headers: Record<string, string>): void;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called once for each connection before its first request. */
    setupClient?: (client: Client) => void;
    /** Sent in turn by every connection. */
    requests?: (Request & { setupRequest?: (request: Request) => Request })[];
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
    timeouts: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export type { Options };
  export default autocannon;
}
