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
