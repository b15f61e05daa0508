import type { Page } from 'puppeteer-core';

/** One HTTP answer of 400 or more, as the browser or the server's log saw it. */
export interface Answer {
  method: string;
  url: string;
  status: number;
  seenBy: 'browser' | 'server';
}

/** An answer of 400 or more that a flow provokes on purpose, and why. */
export interface ExpectedAnswer {
  method: string;
  /** The path (no query) of the request. */
  path: RegExp;
  status: number;
  why: string;
}

/** Records `page`'s answers of 400 or more (every request of the page, other origins' too) in `into`. */
export function watchAnswers(page: Page, into: Answer[]) {
  page.on('response', (response) => {
    if (response.status() >= 400) into.push({ method: response.request().method(), url: response.url(), status: response.status(), seenBy: 'browser' });
  });
}

const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
};

/**
 * The answers `expected` does not list, each request path and status once (the browser and the
 * server's log may both have seen it: given the browser's first, its full address is kept).
 */
export function unexpectedAnswers(answers: Answer[], expected: ExpectedAnswer[]): Answer[] {
  const seen = new Set<string>();
  return answers.filter((answer) => {
    const path = pathOf(answer.url);
    if (expected.some((e) => e.method === answer.method && e.status === answer.status && e.path.test(path))) return false;
    const key = `${answer.method} ${path} ${answer.status}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export const describeAnswer = (answer: Answer) => `${answer.method} ${answer.url} answered ${answer.status} (seen by the ${answer.seenBy === 'browser' ? 'browser' : "server's log"})`;
