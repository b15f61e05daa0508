import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';
import { reportPaths, writeReport, type VitestFileReport } from './reports.ts';

/**
 * Writes `.test-reports/vitest.json` at the end of a run: per file its project, counts, and time
 * (read by scripts/test.ts for the closing line and by `npm run test:timing`).
 */
export default class VitestTimingReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const files = testModules.map((module): VitestFileReport => {
      const counts = { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') counts.passed += 1;
        else if (state === 'failed') counts.failed += 1;
        else counts.skipped += 1;
      }
      // A file that failed outside its tests (it did not load, a hook threw) fails once more.
      if (module.state() === 'failed' && counts.failed === 0) counts.failed = 1;
      const diagnostic = module.diagnostic();
      return {
        project: module.project.name,
        file: relative(process.cwd(), module.moduleId),
        ...counts,
        seconds: diagnostic.duration / 1000,
        loadSeconds: (diagnostic.environmentSetupDuration + diagnostic.prepareDuration + diagnostic.collectDuration + diagnostic.setupDuration) / 1000,
      };
    });
    writeReport(reportPaths.vitest, { files, errors: unhandledErrors.length });
  }
}
