import { chmodSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite allows one process per data directory (a second one corrupts it silently), so the
 * server notes its pid and port in DATA_DIR; tools such as `npm run outbox` read through that
 * server instead of opening the database themselves.
 */
export interface DataDirOwner {
  pid: number;
  /** Where the server answers; 0 for a tool reading the database directly. */
  port: number;
  /** The secret the server's /admin/* calls ask of a tool on this machine (`npm run codes:import`). */
  adminToken?: string;
}

export class DataDirInUseError extends Error {
  constructor(dataDir: string, owner: DataDirOwner) {
    super(
      `DATA_DIR ${dataDir} is in use by process ${owner.pid}${owner.port ? ` (a server on port ${owner.port})` : ''}; ` +
        `PGlite allows one process per data directory. Stop that process, or use another DATA_DIR` +
        ` (if no such process runs, delete ${ownerPath(dataDir)}).`,
    );
    this.name = 'DataDirInUseError';
  }
}

const ownerPath = (dataDir: string) => join(dataDir, 'server.json');

/** Writes the note (DataDirInUseError if another live process holds it); the returned function removes it (also done on exit). */
export function claimDataDir(dataDir: string, port: number, adminToken?: string): () => void {
  const path = ownerPath(dataDir);
  const owner = readDataDirOwner(dataDir);
  if (owner && owner.pid !== process.pid) throw new DataDirInUseError(dataDir, owner);
  mkdirSync(dataDir, { recursive: true });
  // Owner-only: the note may carry the admin token.
  writeFileSync(path, JSON.stringify({ pid: process.pid, port, adminToken } satisfies DataDirOwner), { mode: 0o600 });
  chmodSync(path, 0o600);
  const release = () => {
    if (readDataDirOwner(dataDir)?.pid === process.pid) rmSync(path, { force: true });
  };
  process.once('exit', release);
  return release;
}

/** The live server holding the directory, or null (none, or it died without cleaning up). */
export function readDataDirOwner(dataDir: string): DataDirOwner | null {
  let owner: DataDirOwner;
  try {
    owner = JSON.parse(readFileSync(ownerPath(dataDir), 'utf8')) as DataDirOwner;
  } catch {
    return null;
  }
  if (!Number.isInteger(owner.pid) || !Number.isInteger(owner.port)) return null;
  try {
    process.kill(owner.pid, 0);
    return owner;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? owner : null;
  }
}
