import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/apiError.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { renderOfferScreen } from '../client/offer/offerScreenHarness.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The common promo code row as the member meets it on the rendered offer page (the page machine
 * invokes it), over a fake API with the server's rules: the brand's one code for every member,
 * revealed once claimed and remembered by the server. The model is the spec's (2.3, 3, 8): no row
 * without a common code; claiming (by the row's button or the claim call to action) reveals it
 * with a copy button and disables the call to action; a failed claim says so in a dialog with a
 * retry; a code revealed on an earlier visit shows at once.
 */
type Row = 'closed' | 'none' | 'claimable' | 'failed' | 'revealed';
interface World {
  row: Row;
  /** Claims the server was asked for. */
  claims: number;
  copied: boolean;
  /** The page was opened again after the code was revealed. */
  reopened: boolean;
}

function next(w: World, event: string): World | null {
  const claim = (ok: boolean): World => ({ ...w, row: ok ? 'revealed' : 'failed', claims: w.claims + 1 });
  switch (event) {
    case 'OPEN_CLAIMABLE':
      return w.row === 'closed' ? { ...w, row: 'claimable' } : null;
    case 'OPEN_REVEALED_EARLIER':
      return w.row === 'closed' ? { ...w, row: 'revealed' } : null;
    case 'OPEN_WITHOUT_COMMON_CODE':
      return w.row === 'closed' ? { ...w, row: 'none' } : null;
    case 'CLICK_SHOW_CODE':
    case 'CLICK_CALL_TO_ACTION':
      return w.row === 'claimable' ? claim(true) : null;
    // Bounded: the first claim fails, and one retry.
    case 'CLAIM_FAILS':
      return w.row === 'claimable' && w.claims === 0 ? claim(false) : null;
    case 'RETRY_IN_DIALOG':
      return w.row === 'failed' ? claim(true) : null;
    case 'RETRY_FAILS_AGAIN':
      return w.row === 'failed' && w.claims === 1 ? claim(false) : null;
    case 'CLOSE_DIALOG':
      return w.row === 'failed' ? { ...w, row: 'claimable' } : null;
    // Bounded: copying and coming back are met after the first claim.
    case 'COPY_CODE':
      return w.row === 'revealed' && w.claims <= 1 && !w.copied ? { ...w, copied: true } : null;
    case 'REOPEN_PAGE':
      return w.row === 'revealed' && w.claims === 1 && !w.reopened ? { ...w, copied: false, reopened: true } : null;
    default:
      return null;
  }
}

const events = [
  'OPEN_CLAIMABLE', 'OPEN_REVEALED_EARLIER', 'OPEN_WITHOUT_COMMON_CODE', 'CLICK_SHOW_CODE', 'CLICK_CALL_TO_ACTION', 'CLAIM_FAILS',
  'RETRY_IN_DIALOG', 'RETRY_FAILS_AGAIN', 'CLOSE_DIALOG', 'COPY_CODE', 'REOPEN_PAGE',
];
const name = (w: World) => `${w.row}|claims ${w.claims}|${w.copied ? 'copied' : 'not copied'}|${w.reopened ? 'reopened' : 'first visit'}`;
const parse = (value: string): World => {
  const [row, claims, copied, reopened] = value.split('|');
  return { row: row as Row, claims: Number(claims!.split(' ')[1]), copied: copied === 'copied', reopened: reopened === 'reopened' };
};
const start: World = { row: 'closed', claims: 0, copied: false, reopened: false };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'commonPromoWorld', initial: name(start), states }));

const code = 'AURORA-WELCOME';
const cta = { type: 'claim' as const, label: 'Get the member code' };

/** The offer and the claim endpoint: the server remembers a member's claim and shows it on the next visit. */
function fakeServer() {
  const server = { exists: true, revealed: false, failing: false, claims: [] as unknown[] };
  const offer = () =>
    offerDetail({ type: 'benefit', promoCodeCommonExists: server.exists, promoCodeCommon: server.revealed ? code : null, callToAction: cta });
  const send = async (method: string, path: string, body: unknown) => {
    server.claims.push([method, path, body]);
    if (server.failing) throw new ApiError(500, 'internal_error', 'boom');
    server.revealed = true;
    return { code };
  };
  return { server, offer, send };
}

const row = () => screen.queryByRole('region', { name: 'Member code' });
const ctaButton = () => screen.getByRole<HTMLButtonElement>('button', { name: cta.label });
const dialog = () => screen.queryByRole('dialog', { name: 'Could not get the code' });
const settled = () => vi.waitFor(() => expect(row()?.getAttribute('aria-busy') ?? 'false').toBe('false'));
const notes: Partial<Record<Row, string>> = { none: 'There are no remaining promo codes for this offer.', revealed: 'Your code is shown above.' };

afterEach(cleanup);

describe('the common promo code on the rendered offer page, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const api = fakeServer();
      const user = userEvent.setup({ delay: null });
      const writeText = vi.fn(async () => undefined);
      Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
      const open = async () => {
        renderOfferScreen({ answer: api.offer(), params: { type: 'benefit', id: 'offer-1' }, send: api.send });
        await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 });
      };
      const claim = async (button: () => HTMLElement, failing: boolean) => {
        api.server.failing = failing;
        await user.click(button());
        await settled();
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.row === 'closed') return;
            await settled();
            // Every claim went to the common-code endpoint for this offer.
            expect(api.server.claims).toEqual(Array.from({ length: w.claims }, () => ['POST', '/v1/claim/offer/voucher/code/common', { id: 'offer-1' }]));
            const note = ctaButton().getAttribute('aria-describedby');
            expect(note ? document.getElementById(note)!.textContent : null).toBe(notes[w.row] ?? null);
            // The call to action claims while a claim may be made (behind the dialog too: it retries).
            expect(ctaButton().disabled).toBe(!(w.row === 'claimable' || w.row === 'failed'));
            if (w.row === 'none') {
              expect(row()).toBeNull();
              return;
            }
            const region = row()!;
            if (w.row === 'revealed') {
              expect(within(region).getByText(code).tagName).toBe('CODE');
              expect(within(region).queryByRole('button', { name: 'Show the code' })).toBeNull();
              // Two live regions: the copy's outcome, and the code announced when this visit revealed it.
              const [copyStatus, announcement] = within(region).getAllByRole('status');
              expect(copyStatus!.textContent).toBe(w.copied ? `Successfully copied to clipboard ${code}` : '');
              const revealedThisVisit = w.claims > 0 && !w.reopened;
              expect(announcement!.textContent).toBe(revealedThisVisit ? `Here is your member code: ${code}. You also find it under My promo codes.` : '');
              expect(writeText).toHaveBeenCalledTimes(w.copied ? 1 : 0);
            } else {
              expect(within(region).queryByText(code)).toBeNull();
              expect(within(region).getByRole<HTMLButtonElement>('button', { name: 'Show the code' }).disabled).toBe(false);
            }
            const open_ = dialog();
            if (w.row === 'failed') expect(within(open_!).getByText('Something went wrong. Please try again.')).toBeTruthy();
            else expect(open_).toBeNull();
          },
        },
        events: {
          OPEN_CLAIMABLE: open,
          OPEN_REVEALED_EARLIER: async () => {
            api.server.revealed = true;
            await open();
          },
          OPEN_WITHOUT_COMMON_CODE: async () => {
            api.server.exists = false;
            await open();
          },
          CLICK_SHOW_CODE: () => claim(() => within(row()!).getByRole('button', { name: 'Show the code' }), false),
          CLICK_CALL_TO_ACTION: () => claim(ctaButton, false),
          CLAIM_FAILS: async () => {
            await claim(() => within(row()!).getByRole('button', { name: 'Show the code' }), true);
            await screen.findByRole('dialog', { name: 'Could not get the code' });
          },
          RETRY_IN_DIALOG: () => claim(() => within(dialog()!).getByRole('button', { name: 'Try again' }), false),
          RETRY_FAILS_AGAIN: () => claim(() => within(dialog()!).getByRole('button', { name: 'Try again' }), true),
          CLOSE_DIALOG: () => user.click(within(dialog()!).getByRole('button', { name: 'Close' })),
          COPY_CODE: async () => {
            await user.click(within(row()!).getByRole('button', { name: `Copy code ${code}` }));
            await vi.waitFor(() => expect(within(row()!).getAllByRole('status')[0]!.textContent).not.toBe(''));
          },
          REOPEN_PAGE: async () => {
            cleanup();
            writeText.mockClear();
            await open();
          },
        },
      });
    });
  }
});
