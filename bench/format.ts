/** kB as Vite prints them (1 kB = 1000 bytes), so the numbers match the build output. */
export function kB(bytes: number): string {
  return (bytes / 1000).toFixed(1);
}

export function heading(title: string) {
  console.log(`\n${title}\n${'='.repeat(title.length)}`);
}

/** A plain-text table; columns whose header starts with a space are right-aligned. */
export function printTable(headers: string[], rows: string[][]) {
  const widths = headers.map((h, i) => Math.max(h.trim().length, ...rows.map((r) => (r[i] ?? '').length)));
  const rightAligned = headers.map((h) => h.startsWith(' '));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (rightAligned[i] ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(headers.map((h) => h.trim())));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
}
