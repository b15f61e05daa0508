import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { chartProblems, renderCharts, writeCharts } from '../../scripts/charts/chartFiles.ts';
import { discoverMachines, purposeFromSource } from '../../scripts/charts/discoverMachines.ts';
import { machineToDot } from '../../scripts/charts/machineToDot.ts';
import { doorMachine } from './chartsFixture/machines/door.machine.ts';

const fixtureRoot = fileURLToPath(new URL('./chartsFixture', import.meta.url));
const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

describe('machineToDot', () => {
  const dot = machineToDot(doorMachine);

  it('draws targeted transitions with their event and guard, an unguarded fallback as else', () => {
    expect(dot).toContain('"door.closed" -> "door.checking" [label="door.open [isOpenable]"]');
    expect(dot).toContain('"door.closed" -> "door.refused" [label="door.open [else]"]');
    expect(dot).toContain('"door.refused" -> "door.broken" [label="always [isAdmin]"]');
  });

  it('names invoked actors and their done and error transitions, with combined guards', () => {
    expect(dot).toMatch(/"door\.checking" \[label=<<b>checking<\/b><br\/><font point-size="10">invoke checkKey<\/font>>\]/);
    expect(dot).toContain('"door.checking" -> "door.open#anchor" [label="done: checkKey", lhead="cluster_door.open"]');
    expect(dot).toContain('"door.checking" -> "door.refused" [label="error: checkKey [not isAdmin]"]');
  });

  it('draws parallel regions as boxes inside the parallel state, delays in ms, final states', () => {
    expect(dot).toMatch(/subgraph "cluster_door\.open" \{\s+label=<<b>open<\/b> <i>\(parallel\)<\/i>>;/);
    expect(dot).toContain('subgraph "cluster_door.open.light"');
    expect(dot).toContain('"door.open.light.on" -> "door.open.light.off" [label="after 1000 ms"]');
    expect(dot).toContain('"door.open#anchor" -> "door.closed" [label="door.close", ltail="cluster_door.open"]');
    expect(dot).toMatch(/"door\.broken" \[label=<[^\n]*\(final\)[^\n]*, peripheries=2\]/);
  });

  it('lists transitions that stay in their state, and starts the machine-wide ones from "in any state"', () => {
    expect(dot).toContain('on door.knock');
    expect(dot).toContain('"door#any" -> "door.closed" [label="door.reset"]');
  });
});

describe('discoverMachines', () => {
  it('finds every exported machine in the files stately.config.json lists, with its purpose', async () => {
    const found = await discoverMachines(fixtureRoot);
    expect(found.map(({ name, file, exportName }) => ({ name, file, exportName }))).toEqual([
      { name: 'door', file: 'machines/door.machine.ts', exportName: 'doorMachine' },
    ]);
    expect(found[0]!.purpose).toBe('A door that opens with a checked key. It locks itself after a while.');
  });

  it("finds each of the app's machine files", async () => {
    const files = readdirSync(join(projectRoot, 'machines')).filter((file) => file.endsWith('.machine.ts'));
    const found = await discoverMachines(projectRoot);
    expect(new Set(found.map((machine) => machine.file))).toEqual(new Set(files.map((file) => `machines/${file}`)));
  });

  it('takes whole sentences of the doc comment above the export until they say enough', () => {
    const source = '/**\n * One page (spec 4 "Page: a, b"). The failure is a state per\n * reason. More.\n */\nexport const pageMachine = 1;';
    expect(purposeFromSource(source, 'pageMachine')).toBe('One page. The failure is a state per reason.');
    expect(purposeFromSource('export const otherMachine = 1;', 'otherMachine')).toBeUndefined();
  });
});

describe('chart files', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('renders one SVG per machine and an index linking it; the check names stale, missing and stray files', async () => {
    const files = await renderCharts(fixtureRoot);
    expect([...files.keys()]).toEqual(['door.svg', 'README.md']);
    expect(files.get('door.svg')).toMatch(/^<\?xml[\s\S]*<svg[\s\S]*>checking<[\s\S]*<\/svg>\s*$/);
    expect(files.get('README.md')).toContain('| [door](door.svg) | A door that opens with a checked key.');
    expect(await renderCharts(fixtureRoot)).toEqual(files);

    dir = mkdtempSync(join(tmpdir(), 'charts-'));
    expect(chartProblems(dir, files)).toEqual(['door.svg is missing or out of date', 'README.md is missing or out of date']);
    writeCharts(dir, files);
    expect(chartProblems(dir, files)).toEqual([]);

    writeFileSync(join(dir, 'door.svg'), readFileSync(join(dir, 'door.svg'), 'utf8').replace('checking', 'checkin'));
    writeFileSync(join(dir, 'window.svg'), '<svg/>');
    expect(chartProblems(dir, files)).toEqual(['door.svg is missing or out of date', 'window.svg belongs to no machine']);
    writeCharts(dir, files);
    expect(readdirSync(dir).sort()).toEqual(['README.md', 'door.svg']);
  });
});
