export const sections = ['bundle', 'pageload', 'tabs', 'api', 'claims', 'rush', 'analytics', 'queries', 'scale', 'start', 'lighthouse'] as const;
export type Section = (typeof sections)[number];

export interface BenchOptions {
  /** The sections to run (all unless `--only` names some). */
  run: ReadonlySet<Section>;
  /**
   * A PostgreSQL server (`--postgres URL` or BENCH_DATABASE_URL): the claim and checkout section
   * and the rush run again on a database the bench creates there and drops afterwards.
   */
  postgresUrl?: string;
  /** The client build the bench's servers serve (`--client-dir DIR` or BENCH_CLIENT_DIR): one's own `vite build --outDir DIR`; dist by default. */
  clientDir?: string;
}

function valueOf(args: string[], name: string): string | undefined {
  const i = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  const arg = args[i]!;
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[i + 1];
}

/** `npm run bench -- --only api,claims --postgres postgres://postgres@127.0.0.1:54329/postgres` */
export function readOptions(args: string[], env: NodeJS.ProcessEnv): BenchOptions {
  const only = valueOf(args, '--only');
  const named = only?.split(',').map((s) => s.trim()).filter(Boolean) ?? [...sections];
  const unknown = named.filter((s) => !(sections as readonly string[]).includes(s));
  if (unknown.length > 0) throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${sections.join(', ')}`);
  const postgresUrl = valueOf(args, '--postgres') ?? env.BENCH_DATABASE_URL;
  if (postgresUrl !== undefined && !/^postgres(ql)?:\/\//.test(postgresUrl)) throw new Error(`--postgres takes a postgres:// URL, not "${postgresUrl}"`);
  const clientDir = valueOf(args, '--client-dir') ?? env.BENCH_CLIENT_DIR;
  return { run: new Set(named as Section[]), postgresUrl, ...(clientDir ? { clientDir } : {}) };
}
