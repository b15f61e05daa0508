import { test as base } from '@playwright/test';
import { checkedScreensOfRun, outlineScreensIn, ScreenAccessibility } from './accessibility.ts';

// Everything else the specs need comes from Playwright unchanged.
export * from '@playwright/test';

/**
 * The specs' `test`: Playwright's, with axe checking every screen the tests' pages show, once a run (see
 * ScreenAccessibility). A test that passes fails after all when a screen it visited broke a
 * WCAG 2.1 A or AA rule; the message lists each rule, the elements and where to read about it.
 */
/**
 * Screens (by their outline) axe has checked in the run's earlier tests, in any worker: many specs
 * pass the same feed and sign-in dialog, and one check each is enough for the run (axe costs
 * a few hundred milliseconds a screen on two cores). A test's own pages are still checked at its end.
 */
const screensCheckedInRun = checkedScreensOfRun();

export const test = base.extend<{ screenAccessibility: ScreenAccessibility; guideAlreadySeen: boolean }>({
  /**
   * Every member has seen the step-by-step guide, so its first-visit dialog does not cover the
   * app in specs about something else; the guide's own spec sets this to false.
   */
  guideAlreadySeen: [true, { option: true }],
  context: async ({ context, guideAlreadySeen }, use) => {
    await outlineScreensIn(context);
    if (guideAlreadySeen) await context.addInitScript(markGuideSeen);
    await use(context);
  },
  screenAccessibility: [
    async ({ page }, use, testInfo) => {
      const watcher = ScreenAccessibility.watch(page, screensCheckedInRun);
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

/**
 * Runs in the page: every member's "guide seen" key (klubb.guideSeen.{brand}.{member}, see
 * src/wiring/guide.wiring.ts) reads as seen, whoever signs in, including accounts a spec creates.
 */
export function markGuideSeen() {
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (this: Storage, key: string) {
    return key.startsWith('klubb.guideSeen.') ? 'true' : getItem.call(this, key);
  };
}
