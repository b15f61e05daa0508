import autocannon, { type Options } from 'autocannon';

/** One endpoint under load: requests per second, latency percentiles and the answers' status codes. */
export interface MeasuredLoad {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  /** Connection errors and time-outs. */
  errors: number;
  statusCodes: Record<string, number>;
}

/** A warm-up run, then the measured one. */
export async function measureLoad(label: string, options: Options, { warmupSeconds, durationSeconds }: { warmupSeconds: number; durationSeconds: number }): Promise<MeasuredLoad> {
  await autocannon({ ...options, duration: warmupSeconds });
  // autocannon ends a run with requests still in flight at the server; let them finish, so a
  // member's request of the warm-up never races their first measured one.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const result = await autocannon({ ...options, duration: durationSeconds });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    statusCodes: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
  };
}
