import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

/**
 * A helper daemon of the scale suite (pgbouncer, varnishd) started in the foreground: its output
 * kept for the error when it does not come up, killed if the test process ends first, and
 * `stop` ends it with `signal` and removes its working directory.
 */
export function startDaemon(path: string, args: string[], dir: string, signal: NodeJS.Signals) {
  const child: ChildProcess = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  // Never outlives the test process, whatever ends it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const output: string[] = [];
  child.stdout!.on('data', (d) => output.push(String(d)));
  child.stderr!.on('data', (d) => output.push(String(d)));
  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill(signal)));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  return { child, output, stop };
}
