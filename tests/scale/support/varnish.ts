import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDaemon } from './daemon.ts';
import { freePort } from '../../server/support/paymentsApp.ts';

export const varnishdPath = process.env.VARNISHD_PATH ?? '/usr/sbin/varnishd';
/** The shipped configuration, run as written except for its backends block. */
export const shippedVcl = new URL('../../../deploy/varnish/default.vcl', import.meta.url);

export interface Varnish {
  port: number;
  url: string;
  stop(): Promise<void>;
  log(): string;
}

/** deploy/varnish/default.vcl with the block between `# BEGIN backends` and `# END backends` naming these instances, round robin. */
export function vclFor(ports: number[]): string {
  const shipped = readFileSync(shippedVcl, 'utf8');
  const backends = [
    ...ports.map((port, i) => `backend api${i + 1} { .host = "127.0.0.1"; .port = "${port}"; }`),
    'sub vcl_init {',
    '    new api = directors.round_robin();',
    ...ports.map((_, i) => `    api.add_backend(api${i + 1});`),
    '}',
  ].join('\n');
  const replaced = shipped.replace(/# BEGIN backends[^\n]*\n[\s\S]*?# END backends/, `# BEGIN backends (test)\n${backends}\n# END backends`);
  if (replaced === shipped) throw new Error('deploy/varnish/default.vcl has no "# BEGIN backends … # END backends" block');
  return replaced;
}

/**
 * Debian's varnishd in the foreground on a free loopback port in front of the instances on
 * `ports`, with the shipped VCL (its backends swapped), 64 MB of memory storage and a working
 * directory of its own. Resolves once it answers.
 */
export async function startVarnish(ports: number[]): Promise<Varnish> {
  const dir = mkdtempSync(join(tmpdir(), 'klubb-varnish-'));
  const vcl = join(dir, 'default.vcl');
  writeFileSync(vcl, vclFor(ports));
  const port = await freePort();
  const args = ['-F', '-a', `127.0.0.1:${port}`, '-f', vcl, '-n', join(dir, 'work'), '-s', 'malloc,64m', '-T', 'none'];
  // As root the default jail drops to the varnish user, which cannot read this directory: run as we are.
  if (process.getuid?.() === 0) args.push('-j', 'none');
  const { child, output, stop } = startDaemon(varnishdPath, args, dir, 'SIGTERM');
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`varnishd exited (${child.exitCode}):\n${output.join('')}`);
    }
    const answered = await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.ok, () => false);
    if (answered) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`varnishd did not answer within 30 s:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { port, url, stop, log: () => output.join('') };
}
