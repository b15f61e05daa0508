import type { Browser, HTTPRequest, Page } from 'puppeteer-core';
import { watchAnswers, type Answer, type ExpectedAnswer } from './answers.ts';
import { newPage } from './firefox.ts';
import { conditionTimeoutMs, Screen } from './screen.ts';

/** What a flow is given: the browser, the server's port, and where its pages' 4xx/5xx answers go. */
export interface FlowContext {
  browser: Browser;
  port: number;
  answers: Answer[];
  /** The flow's pages and what their consoles said (errors and warnings), shown when it fails. */
  pages: Page[];
  console: string[];
}

export interface Flow {
  name: string;
  /** The 4xx and 5xx answers the flow provokes on purpose; any other fails it. */
  expected: ExpectedAnswer[];
  run(context: FlowContext): Promise<void>;
}

/** A page of the flow's own (a fresh browser context) whose answers are watched, and its Screen. */
export async function openPage(context: FlowContext): Promise<{ page: Page; ui: Screen; leave: () => Promise<void> }> {
  const page = await newPage(context.browser);
  context.pages.push(page);
  watchAnswers(page, context.answers);
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warn') context.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => context.console.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`));
  const beacons = watchBeacons(page);
  return { page, ui: new Screen(page), leave: () => beacons.leave() };
}

/**
 * The app's analytics beacons (POST /v1/a, sendBeacon as the page is hidden or a batch is full,
 * src/services/analytics.ts). `leave` goes to about:blank, as closing the tab does, which sends
 * what the session gathered; then every beacon the page sent must have been answered 200.
 */
function watchBeacons(page: Page) {
  const sent = new Set<HTTPRequest>();
  const answered = new Map<HTTPRequest, number | string>();
  const isBeacon = (request: HTTPRequest) => request.method() === 'POST' && new URL(request.url()).pathname === '/v1/a';
  page.on('request', (request) => void (isBeacon(request) && sent.add(request)));
  page.on('response', (response) => void (isBeacon(response.request()) && answered.set(response.request(), response.status())));
  page.on('requestfailed', (request) => void (isBeacon(request) && answered.set(request, request.failure()?.errorText ?? 'failed')));
  return {
    async leave() {
      await page.goto('about:blank');
      const deadline = Date.now() + conditionTimeoutMs;
      while (sent.size === 0 || [...sent].some((request) => !answered.has(request))) {
        if (Date.now() > deadline) {
          throw new Error(sent.size === 0 ? 'the app sent no analytics beacon (POST /v1/a) when the page was left' : `${[...sent].filter((r) => !answered.has(r)).length} analytics beacon(s) not answered`);
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const refused = [...answered.values()].filter((status) => status !== 200);
      if (refused.length > 0) throw new Error(`analytics beacons (POST /v1/a) answered ${refused.join(', ')} (of ${answered.size})`);
      await page.browserContext().close();
    },
  };
}
