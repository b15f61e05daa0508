import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@lingui/core';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/apiError.ts';
import { readOnlyApi, renderRoute } from '../client/routeHarness.tsx';
import { brandContent } from '../client/brandContentFixtures.ts';
import { enMessages, svMessages } from '../client/catalogs.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The brand's content as the FAQ (/more/faq) shows it, through the route table (lazy screen and
 * wiring, the per-language cache) over a fake API. The model is the spec's (2.3): the questions
 * with every answer closed, each opening and closing on its own, several at once; no questions
 * is said so; a failed load is told with a retry; a language switch brings that language's
 * texts (asked once more) and keeps the open answers open.
 */
type Page = 'closed' | 'listed' | 'empty' | 'failed';
type Language = 'en' | 'sv';
interface World {
  page: Page;
  open: string[];
  /** Times the screen asked the server. */
  loads: number;
  language: Language;
}

const ids = ['membership', 'tickets'];

function next(w: World, event: string): World | null {
  const toggled = (id: string): World | null => {
    // Bounded: answers are opened and closed in English on the first load.
    if (w.page !== 'listed' || w.language !== 'en' || w.loads !== 1) return null;
    const open = w.open.includes(id) ? w.open.filter((o) => o !== id) : [...w.open, id];
    return { ...w, open: ids.filter((o) => open.includes(o)) };
  };
  switch (event) {
    case 'OPEN_WITH_FAQ':
      return w.page === 'closed' ? { ...w, page: 'listed', loads: 1 } : null;
    case 'OPEN_WITHOUT_FAQ':
      return w.page === 'closed' ? { ...w, page: 'empty', loads: 1 } : null;
    case 'OPEN_WHILE_SERVER_DOWN':
      return w.page === 'closed' ? { ...w, page: 'failed', loads: 1 } : null;
    // Bounded: one more failed try before the server is back.
    case 'RETRY_STILL_DOWN':
      return w.page === 'failed' && w.loads === 1 ? { ...w, loads: 2 } : null;
    case 'RETRY_BACK_UP':
      return w.page === 'failed' ? { ...w, page: 'listed', loads: w.loads + 1 } : null;
    // The browser is back online (the window's online event): a failed page loads by itself.
    case 'BACK_ONLINE':
      return w.page === 'failed' ? { ...w, page: 'listed', loads: w.loads + 1 } : null;
    case 'TOGGLE_FIRST':
      return toggled('membership');
    case 'TOGGLE_SECOND':
      return w.open.length > 0 ? toggled('tickets') : null;
    case 'SWITCH_TO_SWEDISH':
      return w.page === 'listed' && w.language === 'en' ? { ...w, language: 'sv', loads: w.loads + 1 } : null;
    default:
      return null;
  }
}

const events = ['OPEN_WITH_FAQ', 'OPEN_WITHOUT_FAQ', 'OPEN_WHILE_SERVER_DOWN', 'RETRY_STILL_DOWN', 'RETRY_BACK_UP', 'BACK_ONLINE', 'TOGGLE_FIRST', 'TOGGLE_SECOND', 'SWITCH_TO_SWEDISH'];
const name = (w: World) => `${w.page}|${w.open.join(',') || '-'}|loads ${w.loads}|${w.language}`;
const parse = (value: string): World => {
  const [page, open, loads, language] = value.split('|');
  return { page: page as Page, open: open === '-' ? [] : open!.split(','), loads: Number(loads!.split(' ')[1]), language: language as Language };
};
const start: World = { page: 'closed', open: [], loads: 0, language: 'en' };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'brandContentWorld', initial: name(start), states }));

/** GET /v1/get/brand/content: answers in the app's language, or fails, as `mode` says. */
function fakeServer() {
  const server = { mode: 'faq' as 'faq' | 'none' | 'down' };
  const { api, calls } = readOnlyApi(async () => {
    if (server.mode === 'down') throw new ApiError(500, 'internal_error', 'down');
    return brandContent({ language: i18n.locale, ...(server.mode === 'none' ? { faq: [] } : {}) });
  });
  return { server, api, calls };
}

const words = {
  en: { heading: 'Frequently asked questions', first: 'What does membership cost?', retry: 'Try again' },
  sv: { heading: 'Vanliga frågor', first: 'Vad kostar medlemskapet?', retry: 'Försök igen' },
};
const question = (text: string | RegExp) => screen.getByRole('button', { name: text });

afterEach(() => {
  cleanup();
  act(() => i18n.loadAndActivate({ locale: 'en', messages: enMessages }));
});

describe('the FAQ over the brand content machine, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const { server, api, calls } = fakeServer();
      const user = userEvent.setup({ delay: null });
      const open = async (mode: typeof server.mode) => {
        server.mode = mode;
        renderRoute('faq', '/more/faq', api);
        await screen.findByRole('heading', { level: 1, name: words.en.heading }, { timeout: 10_000 });
      };
      const retry = async (mode: typeof server.mode) => {
        server.mode = mode;
        await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.page === 'closed') return;
            const main = screen.getByRole('main');
            await vi.waitFor(() => expect(main.getAttribute('aria-busy')).toBe('false'));
            expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(words[w.language].heading);
            expect(calls).toEqual(Array.from({ length: w.loads }, () => '/v1/get/brand/content'));
            const alert = screen.queryByRole('alert');
            expect(alert?.textContent ?? null).toBe(w.page === 'failed' ? 'Could not fetch the data just now. Please try again.Try again' : null);
            expect(screen.queryByText('There are no questions and answers yet.') !== null).toBe(w.page === 'empty');
            if (w.page !== 'listed') {
              expect(screen.queryAllByRole('button', { expanded: false })).toEqual([]);
              return;
            }
            const toggles = [question(words[w.language].first), question('Where are my tickets?')];
            for (const [i, id] of ids.entries()) {
              const toggle = toggles[i]!;
              // A real button inside a heading, naming the answer it shows.
              expect(toggle.closest('h2')).not.toBeNull();
              expect(toggle.getAttribute('aria-expanded')).toBe(String(w.open.includes(id)));
              const answer = document.getElementById(toggle.getAttribute('aria-controls')!)!;
              expect(answer.getAttribute('role')).toBe('region');
              expect(answer.getAttribute('aria-labelledby')).toBe(toggle.id);
              expect(answer.hidden).toBe(!w.open.includes(id));
            }
            if (w.open.includes('membership') && w.language === 'en') {
              // A blank line parts paragraphs.
              const answer = screen.getByRole('region', { name: words.en.first });
              expect([...answer.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['It is free.', 'Always has been.']);
            }
          },
        },
        events: {
          OPEN_WITH_FAQ: () => open('faq'),
          OPEN_WITHOUT_FAQ: () => open('none'),
          OPEN_WHILE_SERVER_DOWN: () => open('down'),
          RETRY_STILL_DOWN: () => retry('down'),
          RETRY_BACK_UP: () => retry('faq'),
          BACK_ONLINE: async () => {
            server.mode = 'faq';
            const loads = calls.length;
            window.dispatchEvent(new Event('online'));
            await vi.waitFor(() => expect(calls.length).toBe(loads + 1));
          },
          TOGGLE_FIRST: () => user.click(question(words.en.first)),
          TOGGLE_SECOND: () => user.click(question('Where are my tickets?')),
          SWITCH_TO_SWEDISH: async () => {
            act(() => i18n.loadAndActivate({ locale: 'sv', messages: svMessages }));
            await screen.findByRole('button', { name: words.sv.first });
          },
        },
      });
    });
  }
});
