import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The folders of the product's own code; bench/, tests/ and e2e/ are not product. */
export const productFolders = ['machines', 'src', 'server', 'domain', 'contract', 'scripts'];

/** The longest a product file may be: one that is longer holds more than one thing (issue 42). */
export const productFileLineLimit = 300;

/**
 * Files written by hand: code, styles, pages, scripts, SQL. Not the message catalogs (.po) or
 * drizzle's migration snapshots (.json), which tools write, nor images.
 */
const writtenByHand = /\.(ts|tsx|js|mjs|cjs|css|html|sh|sql)$/;

export interface FileLength {
  path: string;
  lines: number;
}

/** Every hand-written file under the folders, with its number of lines. */
export function fileLengths(root: string, folders: string[]): FileLength[] {
  const files: FileLength[] = [];
  const visit = (folder: string) => {
    for (const entry of readdirSync(join(root, folder), { withFileTypes: true })) {
      const path = `${folder}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else if (writtenByHand.test(entry.name)) files.push({ path, lines: lineCount(readFileSync(join(root, path), 'utf8')) });
    }
  };
  folders.forEach(visit);
  return files;
}

/** Lines as an editor numbers them: a final newline ends the last line, it does not start another. */
export function lineCount(source: string): number {
  if (source === '') return 0;
  return source.split('\n').length - (source.endsWith('\n') ? 1 : 0);
}

/** The files over the limit, longest first, as `path: N lines`. */
export function filesOverLimit(files: FileLength[], limit = productFileLineLimit): string[] {
  return files
    .filter((file) => file.lines > limit)
    .sort((a, b) => b.lines - a.lines)
    .map((file) => `${file.path}: ${file.lines} lines (at most ${limit})`);
}
