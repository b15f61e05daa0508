import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository's root, where `npm run …` runs. */
export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * An operator command (`scripts/<name>.ts`) as `npm run` starts it, with only PATH and `env` set;
 * resolves with what it printed, even when it fails.
 */
export async function operatorCommand(script: string, args: string[], env: Record<string, string>): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', `scripts/${script}`, ...args], {
      cwd: repositoryRoot,
      env: { PATH: process.env.PATH, ...env },
      timeout: 60_000,
    });
    return { ok: true, out: stdout + stderr };
  } catch (error) {
    const e = error as { stdout?: string; stderr?: string };
    return { ok: false, out: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
