import { test as base } from '@playwright/test';
import { outlineScreensIn, ScreenAccessibility } from './accessibility.ts';

// Everything else the specs need comes from Playwright unchanged.
export * from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with axe checking every screen the test's pages show (see
 * ScreenAccessibility). A test that passes fails after all when a screen it visited broke a
 * WCAG 2.1 A or AA rule; the message lists each rule, the elements and where to read about it.
 */
export const test = base.extend<{ screenAccessibility: ScreenAccessibility }>({
  context: async ({ context }, use) => {
    await outlineScreensIn(context);
    await use(context);
  },
  screenAccessibility: [
    async ({ page }, use, testInfo) => {
      const watcher = ScreenAccessibility.watch(page);
      try {
        await use(watcher);
        // A test that already failed keeps its own failure as the message.
        if (testInfo.status !== testInfo.expectedStatus) return;
        await watcher.checkOpenPages();
      } finally {
        watcher.stop();
      }
      const report = watcher.report();
      if (report) throw new Error(report);
    },
    { auto: true },
  ],
});
