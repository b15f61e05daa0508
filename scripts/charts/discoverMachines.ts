/**
 * Finds the app's machines the way the Stately tools do: every file that `stately.config.json`
 * lists (e.g. `machines/*.machine.ts`), and in it every export that is an xstate machine.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { StateMachine, type AnyStateMachine } from 'xstate';

export interface FoundMachine {
  /** File name of its chart without extension, e.g. `signIn` (or `file.exportName` when a file holds several). */
  name: string;
  /** Source file, relative to the project root, with forward slashes. */
  file: string;
  exportName: string;
  machine: AnyStateMachine;
  /** One sentence on what the machine is for. */
  purpose: string;
}

/** The files a stately.config.json pattern names; only `*` within a file name is supported. */
export function filesOfPattern(root: string, pattern: string): string[] {
  if (pattern.includes('**') || dirname(pattern).includes('*')) {
    throw new Error(`stately.config.json: pattern ${pattern} is not supported (use dir/*.machine.ts)`);
  }
  const dir = dirname(pattern);
  const fileGlob = new RegExp(`^${basename(pattern).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
  return readdirSync(join(root, dir))
    .filter((file) => fileGlob.test(file))
    .map((file) => join(dir, file).split('\\').join('/'));
}

/**
 * The first sentence of the doc comment right above `export const <name> =`, without references
 * to outside documents ("(spec 4)"), so the index tells what the machine is for.
 */
export function purposeFromSource(source: string, exportName: string): string | undefined {
  const comment = new RegExp(`/\\*\\*((?:(?!\\*/)[\\s\\S])*)\\*/\\s*export const ${exportName}\\b`).exec(source);
  if (!comment) return undefined;
  const text = comment[1]!
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\s*\(spec[^)]*\)/gi, '')
    .replace(/\s+/g, ' ')
    .trim();
  // Whole sentences until there is enough to say what it is for ("One offer page." is not).
  const sentences = text.match(/.*?[.!?](?=\s+[A-Z`]|$)/g)?.map((sentence) => sentence.trim()) ?? [text];
  let purpose = '';
  for (const sentence of sentences) {
    purpose = purpose ? `${purpose} ${sentence}` : sentence;
    if (purpose.length >= 40) break;
  }
  return purpose || undefined;
}

export async function discoverMachines(root: string): Promise<FoundMachine[]> {
  const config = JSON.parse(readFileSync(join(root, 'stately.config.json'), 'utf8')) as { machines?: string[] };
  const files = [...new Set((config.machines ?? []).flatMap((pattern) => filesOfPattern(root, pattern)))].sort();
  const found: FoundMachine[] = [];
  for (const file of files) {
    const module = (await import(pathToFileURL(join(root, file)).href)) as Record<string, unknown>;
    const machines = Object.entries(module)
      .filter((entry): entry is [string, AnyStateMachine] => entry[1] instanceof StateMachine)
      .sort(([a], [b]) => a.localeCompare(b));
    if (machines.length === 0) throw new Error(`${file} matches stately.config.json but exports no machine`);
    const source = readFileSync(join(root, file), 'utf8');
    const fileName = basename(file).replace(/\.machine\.ts$|\.tsx?$/, '');
    for (const [exportName, machine] of machines) {
      found.push({
        name: machines.length === 1 ? fileName : `${fileName}.${exportName}`,
        file: relative(root, join(root, file)).split('\\').join('/'),
        exportName,
        machine,
        purpose: machine.root.description ?? purposeFromSource(source, exportName) ?? '',
      });
    }
  }
  return found;
}
