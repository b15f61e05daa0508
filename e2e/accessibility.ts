import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { AxeResults, RunOptions } from 'axe-core';
import type { BrowserContext, Frame, Locator, Page } from '@playwright/test';

/** The rules the app is held to: WCAG 2.0 and 2.1, levels A and AA. */
export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Violations only: the passing and inapplicable nodes axe would also describe (selectors, HTML)
 * cost as much again to collect and send, and nothing here reads them. Media is preloaded (for
 * no-autoplay-audio), stylesheets are not: reading every one costs a sixth of each run and serves
 * only css-orientation-lock, an experimental rule axe does not run.
 */
const axeOptions: RunOptions = { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'], preload: { assets: ['media'] } };

/** Puts axe into each frame of the page that does not have it yet (once per document, not per check). */
async function injectAxe(page: Page) {
  const hasAxe = (frame: Frame) => frame.evaluate(() => window.axe !== undefined).catch(() => true);
  for (const frame of page.frames()) if (!(await hasAxe(frame))) await frame.evaluate(axeSource).catch(() => undefined);
}

/** axe over the page's main document and, through it, its frames. */
async function axeViolations(page: Page): Promise<AxeResults['violations']> {
  await injectAxe(page);
  const results = await page.evaluate((options) => window.axe!.run(document, options), axeOptions);
  return results.violations;
}

export interface ScreenViolation {
  screen: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: { target: string; why: string }[];
}

declare global {
  interface Window {
    __klubbScreen?: () => string;
    __klubbMutations?: () => number;
    __klubbDrawn?: () => boolean;
    axe?: { run(context: Document, options: RunOptions): Promise<AxeResults> };
  }
}

/**
 * Runs in every page of the test's browser context: the outline of what the member sees (URL,
 * the stacked page on top, dialogs, alerts, invalid fields, busy regions, controls, headings),
 * so a screen is checked once however often the test acts on it, and a counter of DOM changes.
 */
function outlineScreens() {
  if (window.top !== window) return;
  let mutations = 0;
  const count = (selector: string) => document.querySelectorAll(selector).length;
  window.__klubbScreen = () =>
    [
      // The host without the port: each worker's server has a port of its own, the screens are the same.
      location.hostname + location.pathname + location.search,
      [...document.querySelectorAll('section[data-path]:not([inert])')].find((section) => section.checkVisibility())?.getAttribute('data-path') ?? '',
      `dialogs:${count('[role=dialog], [role=alertdialog], dialog[open]')}`,
      `alerts:${count('[role=alert]')}`,
      `invalid:${count('[aria-invalid=true]')}`,
      `busy:${count('[aria-busy=true]')}`,
      `controls:${count('a[href], button, input, select, textarea')}`,
      [...document.querySelectorAll('h1, h2')]
        .filter((heading) => heading.checkVisibility())
        .map((heading) => heading.textContent?.trim())
        .join('/'),
    ].join(' | ');
  window.__klubbMutations = () => mutations;
  window.__klubbDrawn = () => document.querySelector('a[href], button, input, select, textarea, h1, h2, [role=dialog], [role=alert]') !== null;
  new MutationObserver(() => {
    mutations += 1;
  }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
}

/** Finite animations and transitions (a page sliding in, a dialog fading in) are waited for; endless spinners are not. */
const animationsDone = () =>
  !document.getAnimations().some((animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity);

/** What a test does to a page that can take the member to another screen. */
const locatorActions = ['click', 'dblclick', 'tap', 'fill', 'clear', 'press', 'pressSequentially', 'type', 'check', 'uncheck', 'setChecked', 'selectOption', 'setInputFiles', 'dragTo'];
const pageActions = ['goto', 'reload', 'goBack', 'goForward', 'close', 'click', 'dblclick', 'tap', 'fill', 'press', 'type', 'check', 'uncheck', 'selectOption'];

/** Makes every page of `context` keep the outline of its screen; call before the pages load. */
export const outlineScreensIn = (context: BrowserContext) => context.addInitScript(outlineScreens);

/** Screens (by their outline) axe has checked; `add` notes one. */
export interface CheckedScreens {
  has(screen: string): boolean;
  add(screen: string): void;
}

/** Where a run keeps the screens its workers checked (set by e2e/globalSetup.ts). */
export const checkedScreensDirVariable = 'KLUBB_E2E_CHECKED_SCREENS';

/**
 * The screens checked anywhere in this run, one file per screen in the run's directory, so every
 * worker knows what the others checked; without that directory (a spec run on its own config),
 * those of this worker.
 */
export function checkedScreensOfRun(): CheckedScreens {
  const dir = process.env[checkedScreensDirVariable];
  if (!dir) return new Set<string>();
  const file = (screen: string) => join(dir, createHash('sha256').update(screen).digest('hex'));
  return {
    has: (screen) => existsSync(file(screen)),
    add: (screen) => writeFileSync(file(screen), screen),
  };
}

/** Development tools served under /dev/ (the simulated bank-eID phone, the mail outbox) are not app screens. */
const isAppScreen = (screen: string) => !/^[^/]*\/dev\//.test(screen);

/**
 * axe on every screen a test's pages show: just before the test acts on a page (a click, a fill, a
 * navigation...), the screen it is leaving is checked unless one with the same outline was, and at
 * the end each open page is checked once more. Playwright's Locator and Page actions are wrapped
 * for the test's duration (`watch` ... `stop`); the test waits while axe runs, so the screen holds
 * still apart from what the app itself still loads, and a run the app changed midway is repeated.
 */
export class ScreenAccessibility {
  private readonly violations: ScreenViolation[] = [];
  private readonly checkedScreens = new Set<string>();
  private readonly reported = new Set<string>();

  private constructor(
    private readonly context: BrowserContext,
    private readonly checkedEarlier: CheckedScreens | null,
  ) {}

  /**
   * Starts watching the pages of `page`'s context (any page gives Playwright's classes to wrap).
   * With `checkedEarlier` (the specs' fixture shares one across the worker's tests), a screen an
   * earlier test already checked is not checked again before an action; each test's pages are
   * still checked at its end.
   */
  static watch(page: Page, checkedEarlier: CheckedScreens | null = null) {
    const watcher = new ScreenAccessibility(page.context(), checkedEarlier);
    watcher.wrap(Object.getPrototypeOf(page.locator('html')), locatorActions, (locator) => (locator as Locator).page());
    watcher.wrap(Object.getPrototypeOf(page), pageActions, (self) => self as Page);
    return watcher;
  }

  private readonly unwrap: (() => void)[] = [];

  /** Every `names` method of `prototype` first checks the screen of its page (this context's pages only). */
  private wrap(prototype: Record<string, unknown>, names: string[], pageOf: (self: unknown) => Page) {
    const watcher = this;
    for (const name of names) {
      const original = prototype[name];
      if (typeof original !== 'function') continue;
      prototype[name] = async function (this: unknown, ...args: unknown[]) {
        const page = pageOf(this);
        if (page.context() === watcher.context && !page.isClosed()) {
          await watcher.checkPage(page, false).catch((error: unknown) => {
            // A page the app is navigating away from by itself is checked where it lands instead.
            if (!/Execution context was destroyed|Target page, context or browser has been closed|navigat/i.test(String(error))) throw error;
          });
        }
        return original.apply(this, args);
      };
      this.unwrap.push(() => {
        prototype[name] = original;
      });
    }
  }

  /** Puts Playwright's actions back as they were. */
  stop() {
    for (const unwrap of this.unwrap.splice(0)) unwrap();
  }

  /** Every screen checked so far, e.g. for a test that must have seen some. */
  screens(): string[] {
    return [...this.checkedScreens];
  }

  /**
   * Runs axe on what `page` shows (after finite animations end) unless a screen with the same
   * outline was checked and `again` is false. A run during which the app changed the DOM is
   * repeated, up to three times; the last run counts either way.
   */
  private async checkPage(page: Page, again: boolean) {
    if (page.url() === 'about:blank') return;
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await page.waitForFunction(animationsDone, undefined, { timeout: 5_000 }).catch(() => undefined);
      const [screen, before, drawn] = await page.evaluate(() => [window.__klubbScreen?.() ?? '', window.__klubbMutations?.() ?? 0, window.__klubbDrawn?.() ?? false] as const);
      if (!screen || !isAppScreen(screen) || (!again && this.checkedScreens.has(screen))) return;
      // The document before the app has drawn anything (a page still loading when the test acts on
      // it) is no screen of its own; what the app draws is checked before the next action or at the end.
      if (!again && !drawn) return;
      if (!again && this.checkedEarlier?.has(screen)) {
        this.checkedScreens.add(screen);
        return;
      }
      const violations = await axeViolations(page);
      const after = await page.evaluate(() => window.__klubbMutations?.() ?? 0);
      if (after === before || attempt === 3) {
        this.record(screen, violations);
        return;
      }
    }
  }

  private record(screen: string, violations: AxeResults['violations']) {
    this.checkedScreens.add(screen);
    this.checkedEarlier?.add(screen);
    for (const violation of violations) {
      const key = `${screen}|${violation.id}|${violation.nodes.map((node) => node.target.join(' ')).join(',')}`;
      if (this.reported.has(key)) continue;
      this.reported.add(key);
      this.violations.push({
        screen,
        rule: violation.id,
        impact: violation.impact ?? 'unknown',
        help: violation.help,
        helpUrl: violation.helpUrl,
        targets: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' >>> '),
          why: (node.any[0] ?? node.all[0] ?? node.none[0])?.message ?? node.failureSummary ?? '',
        })),
      });
    }
  }

  /**
   * Checks what each open page shows now, once it holds still, even if a screen with the same
   * outline was checked before (its content may differ).
   */
  async checkOpenPages() {
    for (const page of this.context.pages()) if (!page.isClosed()) await this.checkPage(page, true);
  }

  /** The violations found, readable: per screen, the rule, its help and the elements. */
  report(): string | undefined {
    if (this.violations.length === 0) return undefined;
    const lines = [`Accessibility (axe, ${wcagTags.join(', ')}): ${this.violations.length} violation(s)`];
    for (const violation of this.violations) {
      // The outline's first parts say where: URL, page on top, dialogs, alerts, invalid fields.
      const where = violation.screen.split(' | ').slice(0, 5).join(' | ');
      lines.push('', `${violation.rule} (${violation.impact}) on ${where}`, `  ${violation.help} — ${violation.helpUrl}`);
      for (const { target, why } of violation.targets) lines.push(`  - ${target}: ${why}`);
    }
    return lines.join('\n');
  }
}
