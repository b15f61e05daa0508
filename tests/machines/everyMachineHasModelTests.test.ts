import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The convention (docs/architecture.md, Testing): every `machines/<name>.machine.ts` has
 * `tests/machines/<name>.model.test.ts` or `.tsx`, which walks generated paths: a model built
 * with `createTestModel` from `xstate/graph`, or paths from its `getShortestPaths`/`getSimplePaths`.
 */
const pathHelpers = /\b(createTestModel|getShortestPaths|getSimplePaths)\(/;
const fromGraph = /from ['"](xstate\/graph|@xstate\/graph)['"]/;

/** Each machine without a model test, with what is missing. */
function machinesWithoutModelTests(machines: string[], readTest: (path: string) => string | null): string[] {
  const missing: string[] = [];
  for (const name of machines) {
    const paths = [`tests/machines/${name}.model.test.ts`, `tests/machines/${name}.model.test.tsx`];
    const found = paths.map((path) => ({ path, source: readTest(path) })).filter((f) => f.source !== null);
    if (found.length === 0) missing.push(`${name}: no ${paths.join(' or ')}`);
    else if (!found.some((f) => pathHelpers.test(f.source!) && fromGraph.test(f.source!))) {
      missing.push(`${name}: ${found[0]!.path} generates no paths (createTestModel, getShortestPaths or getSimplePaths from xstate/graph)`);
    }
  }
  return missing;
}

const machineNames = () =>
  readdirSync('machines')
    .filter((file) => file.endsWith('.machine.ts'))
    .map((file) => file.slice(0, -'.machine.ts'.length))
    .sort();

const readTest = (path: string) => (existsSync(path) ? readFileSync(join('.', path), 'utf8') : null);

describe('generated path tests', () => {
  it('exist for every machine', () => {
    expect(machineNames().length).toBeGreaterThanOrEqual(25);
    expect(machinesWithoutModelTests(machineNames(), readTest)).toEqual([]);
  });

  it('the check names a machine with no model test, and one whose file walks no paths', () => {
    const files: Record<string, string> = {
      'tests/machines/walked.model.test.tsx': "import { createTestModel } from 'xstate/graph';\nconst model = createTestModel(m);",
      'tests/machines/shortest.model.test.ts': "import { getShortestPaths } from 'xstate/graph';\nfor (const p of getShortestPaths(m)) {}",
      'tests/machines/handWritten.model.test.ts': "it('does one thing', () => actor.send({ type: 'x' }));",
    };
    expect(machinesWithoutModelTests(['walked', 'shortest', 'handWritten', 'absent'], (path) => files[path] ?? null)).toEqual([
      'handWritten: tests/machines/handWritten.model.test.ts generates no paths (createTestModel, getShortestPaths or getSimplePaths from xstate/graph)',
      'absent: no tests/machines/absent.model.test.ts or tests/machines/absent.model.test.tsx',
    ]);
  });
});
