import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { ClaimedPromoCode } from '../../contract/promoCode.ts';
import { ApiError } from '../../src/api/apiError.ts';
import { readOnlyApi, renderRoute } from '../client/routeHarness.tsx';
import { imageOptions } from '../client/components/offerFixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The member's claimed promo codes (/more/voucher) as they meet them, through the route table
 * (lazy screen and wiring) over a fake API and the browser's clipboard. The model is the spec's
 * (2.3, 8): the codes grouped by offer, each with a copy button whose result is told beside the
 * code (the last copy only); none claimed is said so; a failed load is told with a retry.
 */
type Page = 'closed' | 'listed' | 'empty' | 'failed';
type Code = 'SPA-1' | 'BIKE-1';
interface World {
  page: Page;
  loads: number;
  /** The last copy: which code, and whether the clipboard took it. */
  copy: null | { code: Code; ok: boolean };
}

function next(w: World, event: string): World | null {
  const copy = (code: Code, ok: boolean): World | null =>
    // Bounded: copies on the first load; a refused copy is met from a code copied before.
    w.page === 'listed' && w.loads === 1 && (ok || w.copy?.ok) && (w.copy?.code !== code || w.copy.ok !== ok) ? { ...w, copy: { code, ok } } : null;
  switch (event) {
    case 'OPEN_WITH_CODES':
      return w.page === 'closed' ? { ...w, page: 'listed', loads: 1 } : null;
    case 'OPEN_WITHOUT_CODES':
      return w.page === 'closed' ? { ...w, page: 'empty', loads: 1 } : null;
    case 'OPEN_WHILE_SERVER_DOWN':
      return w.page === 'closed' ? { ...w, page: 'failed', loads: 1 } : null;
    case 'RETRY_STILL_DOWN':
      return w.page === 'failed' && w.loads === 1 ? { ...w, loads: 2 } : null;
    case 'RETRY_BACK_UP':
      return w.page === 'failed' ? { ...w, page: 'listed', loads: w.loads + 1 } : null;
    // The browser is back online (the window's online event): a failed list loads by itself.
    case 'BACK_ONLINE':
      return w.page === 'failed' ? { ...w, page: 'listed', loads: w.loads + 1 } : null;
    case 'COPY_SPA':
      return copy('SPA-1', true);
    case 'COPY_BIKE':
      return copy('BIKE-1', true);
    case 'COPY_BIKE_REFUSED':
      return copy('BIKE-1', false);
    default:
      return null;
  }
}

const events = ['OPEN_WITH_CODES', 'OPEN_WITHOUT_CODES', 'OPEN_WHILE_SERVER_DOWN', 'RETRY_STILL_DOWN', 'RETRY_BACK_UP', 'BACK_ONLINE', 'COPY_SPA', 'COPY_BIKE', 'COPY_BIKE_REFUSED'];
const name = (w: World) => `${w.page}|loads ${w.loads}|${w.copy ? `${w.copy.code} ${w.copy.ok ? 'copied' : 'refused'}` : 'no copy'}`;
const parse = (value: string): World => {
  const [page, loads, copy] = value.split('|');
  const [code, outcome] = copy!.split(' ');
  return { page: page as Page, loads: Number(loads!.split(' ')[1]), copy: copy === 'no copy' ? null : { code: code as Code, ok: outcome === 'copied' } };
};
const start: World = { page: 'closed', loads: 0, copy: null };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'vouchersWorld', initial: name(start), states }));

const claimed = (code: Code, offerId: string, title: string, claimedAt: string): ClaimedPromoCode => ({
  code,
  kind: 'unique',
  claimedAt,
  groupId: `/benefit/${offerId}`,
  offer: { id: offerId, type: 'benefit', title, puffImage: imageOptions() },
});
const codes = [
  claimed('SPA-1', 'aurora-benefit-001', 'Two for one at Spa', '2026-11-24T08:00:00Z'),
  claimed('BIKE-1', 'aurora-benefit-005', 'Two for one at Cykelverkstan', '2026-11-20T09:00:00Z'),
];

/** The claimed-codes endpoint (its answer follows `mode`) and the browser's clipboard (refusing when told). */
function fakeWorld() {
  const server = { mode: 'codes' as 'codes' | 'none' | 'down', refuseCopy: false, copied: [] as string[] };
  const { api, calls } = readOnlyApi(async () => {
    if (server.mode === 'down') throw new ApiError(500, 'internal_error', 'down');
    return server.mode === 'codes' ? codes : [];
  });
  const writeText = async (text: string) => {
    if (server.refuseCopy) throw new DOMException('Write permission denied.', 'NotAllowedError');
    server.copied.push(text);
  };
  // After userEvent.setup(), which puts a clipboard stub of its own in its place.
  const installClipboard = () => Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  return { server, api, calls, installClipboard };
}

/** The copy result told beside a code. */
const statusOf = (code: Code) => screen.getByText(code).parentElement!.querySelector('[role=status]')!.textContent;
const refused = 'Could not copy to clipboard: Write permission denied.';

afterEach(cleanup);

describe('the claimed codes on the rendered screen, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const { server, api, calls, installClipboard } = fakeWorld();
      const user = userEvent.setup({ delay: null });
      installClipboard();
      let pushed: string[] = [];
      const open = async (mode: typeof server.mode) => {
        server.mode = mode;
        pushed = renderRoute('vouchers', '/more/voucher', api).pushed;
        await screen.findByRole('heading', { name: 'My promo codes' }, { timeout: 10_000 });
      };
      const retry = async (mode: typeof server.mode) => {
        server.mode = mode;
        await user.click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
      };
      const copy = async (code: Code, refuse: boolean) => {
        server.refuseCopy = refuse;
        await user.click(screen.getByRole('button', { name: `Copy code ${code}` }));
        await vi.waitFor(() => expect(statusOf(code)).toBe(refuse ? refused : `Successfully copied to clipboard ${code}`));
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.page === 'closed') return;
            await vi.waitFor(() => expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('false'));
            expect(calls).toEqual(Array.from({ length: w.loads }, () => '/v1/get_list/offer/voucher/code'));
            const alert = screen.queryByRole('alert');
            expect(alert?.textContent ?? null).toBe(w.page === 'failed' ? 'Could not fetch the data just now. Please try again.Try again' : null);
            const none = screen.queryByText('You have not claimed any promo codes yet. Claim them on the offers that have them.');
            expect(none !== null).toBe(w.page === 'empty');
            const groups = screen.queryByRole('list', { name: 'Promo codes by offer' });
            if (w.page !== 'listed') {
              expect(groups).toBeNull();
              return;
            }
            const offers = within(groups!).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
            expect(offers).toEqual([
              ['Two for one at Spa', '/benefit/aurora-benefit-001'],
              ['Two for one at Cykelverkstan', '/benefit/aurora-benefit-005'],
            ]);
            expect(pushed).toEqual([]);
            // Each code tells the last copy's result if it was about that code, nothing otherwise.
            for (const code of ['SPA-1', 'BIKE-1'] as const) {
              const told = w.copy?.code !== code ? '' : w.copy.ok ? `Successfully copied to clipboard ${code}` : refused;
              expect(statusOf(code), code).toBe(told);
            }
            if (w.copy?.ok) expect(server.copied.at(-1)).toBe(w.copy.code);
          },
        },
        events: {
          OPEN_WITH_CODES: () => open('codes'),
          OPEN_WITHOUT_CODES: () => open('none'),
          OPEN_WHILE_SERVER_DOWN: () => open('down'),
          RETRY_STILL_DOWN: () => retry('down'),
          RETRY_BACK_UP: () => retry('codes'),
          BACK_ONLINE: async () => {
            server.mode = 'codes';
            const loads = calls.length;
            window.dispatchEvent(new Event('online'));
            await vi.waitFor(() => expect(calls.length).toBe(loads + 1));
          },
          COPY_SPA: () => copy('SPA-1', false),
          COPY_BIKE: () => copy('BIKE-1', false),
          COPY_BIKE_REFUSED: () => copy('BIKE-1', true),
        },
      });
    });
  }
});
