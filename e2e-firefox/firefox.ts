import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { installQueries } from './screen.ts';

/** Debian's Firefox ESR (apt-get install firefox-esr); FIREFOX_PATH for another build. */
export const firefoxPath = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/**
 * Firefox driven over WebDriver BiDi (puppeteer-core, which downloads no browser of its own),
 * headless, as the Chromium e2e sets its browser up (playwright.config.ts): English, less motion,
 * no service worker (installing it precaches the whole build; the offline spec is Chromium's).
 */
export function launchFirefox(): Promise<Browser> {
  return puppeteer.launch({
    browser: 'firefox',
    protocol: 'webDriverBiDi',
    executablePath: firefoxPath,
    headless: true,
    defaultViewport: desktop,
    extraPrefsFirefox: {
      'intl.accept_languages': 'en-US, en',
      'intl.locale.requested': 'en-US',
      'ui.prefersReducedMotion': 1,
      'dom.serviceWorkers.enabled': process.env.H1SW === '1',
      'browser.shell.checkDefaultBrowser': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'toolkit.telemetry.enabled': false,
    },
  });
}

/** Firefox's own platform is the desktop: the layout with the tabs in the header. */
export const desktop = { width: 1280, height: 800 };

/**
 * A page in a browser context of its own (no sign-in or cart carried over from another flow), with
 * the query helpers and every member's step-by-step guide marked seen (as e2e/fixtures.ts does:
 * its first-visit dialog would cover the app).
 */
export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(desktop);
  await installQueries(page);
  await page.evaluateOnNewDocument(`(${markGuideSeen.toString()})()`);
  return page;
}

/** Runs in the page: every member's "guide seen" key (src/wiring/guide.wiring.ts) reads as seen. */
function markGuideSeen() {
  const getItem = Storage.prototype.getItem;
  Storage.prototype.getItem = function (this: Storage, key: string) {
    return key.startsWith('klubb.guideSeen.') ? 'true' : getItem.call(this, key);
  };
}
