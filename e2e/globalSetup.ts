import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkedScreensDirVariable } from './accessibility.ts';

/**
 * The run's record of the screens axe has checked, shared by its workers (a file per screen in a
 * directory of the run): a screen the other worker already checked is not checked again.
 */
export default function globalSetup() {
  const dir = mkdtempSync(join(tmpdir(), 'klubb-e2e-screens-'));
  process.env[checkedScreensDirVariable] = dir;
  return () => rmSync(dir, { recursive: true, force: true });
}
