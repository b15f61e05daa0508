/** '5.23.3' → [5, 23, 3]; missing or non-numeric parts count as 0. */
export function parseVersion(version: string): number[] {
  return version.split('.').map((part) => {
    const n = Number.parseInt(part, 10);
    return Number.isFinite(n) ? n : 0;
  });
}

/** True when `version` is lower than `minimum`, comparing dotted numeric parts. */
export function isBelowVersion(version: string, minimum: string): boolean {
  const a = parseVersion(version);
  const b = parseVersion(minimum);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

/** What the native container reports about itself (spec 3). */
export interface ContainerVersion {
  build: number;
  version: string;
}

/** The spec's default: what a container that cannot say counts as. */
export const defaultContainerVersion: ContainerVersion = { build: 0, version: '0.0.0' };

/**
 * The container's answer to getBuildAndVersion or /get_version: `{ build, version }` as an
 * object or JSON text; build may come as a numeric string. Anything else is null.
 */
export function readContainerVersion(answer: unknown): ContainerVersion | null {
  let value = answer;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (typeof value !== 'object' || value === null) return null;
  const { build, version } = value as { build?: unknown; version?: unknown };
  const buildNumber = typeof build === 'string' && /^\d+$/.test(build.trim()) ? Number(build) : build;
  if (typeof buildNumber !== 'number' || !Number.isInteger(buildNumber) || buildNumber < 0) return null;
  if (typeof version !== 'string' || !/^\d+(\.\d+)*$/.test(version.trim())) return null;
  return { build: buildNumber, version: version.trim() };
}

/**
 * Whether the app must send the member to the store: only a native container older than the
 * brand's minimum. A plain browser (no container, `null`) is never asked to update.
 */
export function mustUpdateContainer(container: ContainerVersion | null, minimum: string): boolean {
  return container !== null && isBelowVersion(container.version, minimum);
}
