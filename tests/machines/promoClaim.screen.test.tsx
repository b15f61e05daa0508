import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError, failedToFetch } from '../../src/api/apiError.ts';
import type { OfferDetail } from '../../server/schemas/offer.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { renderOfferScreen } from '../client/offer/offerScreenHarness.tsx';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';

/**
 * The promo claim machine as the member meets it: the rendered offer page (the page machine
 * invokes the promo rows) over a fake API with the server's rules. The model is the spec's
 * (2.3, 4): claimable while the count is below the cap, the counter count/cap, disabled with the
 * cap label at the cap, the sold-out message when the last code goes while the member looks,
 * the sign-in message when the session is gone, the error dialog for anything else.
 */
interface World {
  cap: number;
  /** The member's codes as the server counts them, and codes left there. */
  count: number;
  left: number;
  online: boolean;
  signedIn: boolean;
  /** What the page last heard of the count, and how many codes it shows. */
  known: number;
  shown: number;
  row: 'claimable' | 'claimed' | 'capReached' | 'soldOutNow' | 'needsSignIn' | 'failed';
}

const start: World = { cap: 2, count: 0, left: 3, online: true, signedIn: true, known: 0, shown: 0, row: 'claimable' };
const name = (w: World) =>
  `${w.row}|${w.count} of ${w.cap}|left ${w.left}|${w.online ? 'online' : 'offline'}|${w.signedIn ? 'in' : 'out'}|known ${w.known}|shown ${w.shown}`;
function parse(value: string): World {
  const [row, counts, left, online, signedIn, known, shown] = value.split('|');
  const [count, cap] = counts!.split(' of ').map(Number);
  const n = (part: string) => Number(part.split(' ')[1]);
  return {
    row: row as World['row'], count: count!, cap: cap!, left: n(left!), online: online === 'online',
    signedIn: signedIn === 'in', known: n(known!), shown: n(shown!),
  };
}

const canClaim = (w: World) => ['claimable', 'claimed'].includes(w.row);

function claim(w: World): World {
  if (!w.signedIn) return { ...w, row: 'needsSignIn' };
  if (!w.online) return { ...w, row: 'failed' };
  if (w.count >= w.cap) return { ...w, known: w.cap, row: 'capReached' };
  if (w.left === 0) return { ...w, row: 'soldOutNow' };
  const count = w.count + 1;
  return { ...w, count, known: count, shown: w.shown + 1, left: w.left - 1, row: count >= w.cap ? 'capReached' : 'claimed' };
}

function next(w: World, event: string): World | null {
  switch (event) {
    case 'CLICK_CLAIM':
    case 'CLICK_CALL_TO_ACTION':
      return canClaim(w) ? claim(w) : null;
    case 'RETRY_IN_DIALOG':
      return w.row === 'failed' ? claim(w) : null;
    case 'OTHERS_TAKE_THE_REST':
      return w.left > 0 && canClaim(w) ? { ...w, left: 0 } : null;
    case 'CLAIM_ON_ANOTHER_DEVICE':
      return w.left > 0 && w.count < w.cap && canClaim(w) ? { ...w, count: w.count + 1, left: w.left - 1 } : null;
    case 'NETWORK_DOWN':
      return w.online && canClaim(w) ? { ...w, online: false } : null;
    case 'NETWORK_UP':
      return w.online ? null : { ...w, online: true };
    case 'SESSION_EXPIRES':
      return w.signedIn && canClaim(w) ? { ...w, signedIn: false } : null;
    case 'CLOSE_DIALOG':
      return w.row === 'failed' || w.row === 'needsSignIn'
        ? { ...w, row: w.known >= w.cap ? 'capReached' : w.shown > 0 ? 'claimed' : 'claimable' }
        : null;
    default:
      return null;
  }
}

const events = [
  'CLICK_CLAIM', 'CLICK_CALL_TO_ACTION', 'RETRY_IN_DIALOG', 'OTHERS_TAKE_THE_REST', 'CLAIM_ON_ANOTHER_DEVICE',
  'NETWORK_DOWN', 'NETWORK_UP', 'SESSION_EXPIRES', 'CLOSE_DIALOG',
];
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'promoPage', initial: name(start), states }));

const cta = { type: 'claim' as const, label: 'Get your code' };
const arrival = (w: World, extra: Partial<OfferDetail> = {}) =>
  offerDetail({
    type: 'benefit',
    promoExists: true,
    isVoucherCodeSoldOut: w.left === 0,
    voucherClaimCap: w.cap,
    userVoucherCodeClaimCount: w.count,
    callToAction: cta,
    ...extra,
  });

/** The fake API: the server's rules over the world; records the codes it handed out. */
function fakeServer(world: () => World, update: (w: World) => void) {
  const handedOut: string[] = [];
  const send = async (method: string, path: string, body: unknown) => {
    expect([method, path, body]).toEqual(['POST', '/v1/claim/offer/voucher/code', { id: 'offer-1' }]);
    const w = world();
    if (!w.signedIn) throw new ApiError(401, 'auth/id-token-expired', 'expired');
    if (!w.online) throw failedToFetch();
    if (w.count >= w.cap) throw new ApiError(409, 'voucher_claim_cap_reached', 'Claim capacity has already been reached');
    if (w.left === 0) throw new ApiError(409, 'voucher_no_codes_remaining', 'There are no remaining promo codes for this offer.');
    const code = `CODE-${handedOut.length + 1}`;
    handedOut.push(code);
    update({ ...w, count: w.count + 1, left: w.left - 1 });
    return { code, userClaimedCount: w.count + 1, claimCap: w.cap };
  };
  return { send, handedOut };
}

const row = () => screen.getByRole('region', { name: 'Your personal code' });
const queryRow = () => screen.queryByRole('region', { name: 'Your personal code' });
const claimButton = () => within(row()).getByRole('button', { name: /Claim code|Claiming…/ });
const ctaButton = () => screen.getByRole('button', { name: 'Get your code' });
const dialog = () => screen.queryByRole('dialog');
const settle = () => waitFor(() => expect(row().getAttribute('aria-busy')).toBe('false'));

afterEach(cleanup);

describe('promo claim on the rendered offer page, generated paths', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ') || 'arriving';
    it(`${steps} shows ${String(path.state.value).split('|')[0]}`, async () => {
      let server = { ...start };
      const api = fakeServer(() => server, (w) => void (server = w));
      renderOfferScreen({ answer: arrival(start), params: { type: 'benefit', id: 'offer-1' }, send: api.send });
      await screen.findByRole('heading', { level: 1 });

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.row === 'soldOutNow') {
              // The row keeps the codes shown so far, loses its button and says why.
              expect(within(row()).queryByRole('button', { name: 'Claim code' })).toBeNull();
              expect(within(row()).getAllByRole('status').at(-1)!.textContent).toBe('There are no remaining promo codes for this offer.');
              expect((ctaButton() as HTMLButtonElement).disabled).toBe(true);
            } else {
              const button = claimButton() as HTMLButtonElement;
              // Behind the error dialog the buttons stay usable: claiming again retries.
              const enabled = canClaim(w) || w.row === 'failed';
              expect(button.disabled).toBe(!enabled);
              expect((ctaButton() as HTMLButtonElement).disabled).toBe(!enabled);
              const status = within(row()).getAllByRole('status').at(-1)!;
              if (w.row === 'capReached') {
                expect(status.textContent).toBe('Claim capacity has already been reached');
                expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(
                  'Claim capacity has already been reached',
                );
              } else expect(status.textContent).toBe('');
            }
            expect(within(row()).getByText(`${w.known}/${w.cap}`)).toBeTruthy();
            // The codes shown are those handed to this page, newest last, each with a copy button.
            const shown = within(row()).queryAllByRole('listitem').map((li) => li.querySelector('code')?.textContent);
            expect(shown).toEqual(api.handedOut);
            expect(shown).toHaveLength(w.shown);
            for (const code of api.handedOut) expect(within(row()).getByRole('button', { name: `Copy code ${code}` })).toBeTruthy();
            const open = dialog();
            if (w.row === 'needsSignIn') {
              expect(within(open!).getByText('You must be logged in to be able to take advantage of this offer.')).toBeTruthy();
            } else if (w.row === 'failed') {
              expect(within(open!).getByText('Network Error')).toBeTruthy();
            } else expect(open).toBeNull();
          },
        },
        events: {
          CLICK_CLAIM: async () => {
            fireEvent.click(claimButton());
            await settle();
          },
          CLICK_CALL_TO_ACTION: async () => {
            fireEvent.click(ctaButton());
            await settle();
          },
          RETRY_IN_DIALOG: async () => {
            fireEvent.click(within(dialog()!).getByRole('button', { name: 'Try again' }));
            await settle();
          },
          CLOSE_DIALOG: async () => {
            fireEvent.click(within(dialog()!).getByRole('button', { name: 'Close' }));
            await waitFor(() => expect(dialog()).toBeNull());
          },
          OTHERS_TAKE_THE_REST: () => void (server = { ...server, left: 0 }),
          CLAIM_ON_ANOTHER_DEVICE: () => void (server = { ...server, count: server.count + 1, left: server.left - 1 }),
          NETWORK_DOWN: () => void (server = { ...server, online: false }),
          NETWORK_UP: () => void (server = { ...server, online: true }),
          SESSION_EXPIRES: () => void (server = { ...server, signedIn: false }),
        },
      });
    });
  }

  it('the model reaches every row the spec names', () => {
    const rows = new Set(Object.keys(states).map((n) => parse(n).row));
    expect([...rows].sort()).toEqual(['capReached', 'claimable', 'claimed', 'failed', 'needsSignIn', 'soldOutNow']);
  });
});

describe('promo rows as the offer arrives', () => {
  const open = (fields: Partial<OfferDetail>) =>
    renderOfferScreen({ answer: arrival(start, fields), params: { type: 'benefit', id: 'offer-1' } });

  it('no promo: no rows, and the claim call to action says no codes remain', async () => {
    open({ promoExists: false, voucherClaimCap: 0 });
    await screen.findByRole('heading', { level: 1 });
    expect(queryRow()).toBeNull();
    expect(screen.queryByRole('region', { name: 'Member code' })).toBeNull();
    expect((ctaButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it('sold out on arrival: the unique row is hidden', async () => {
    open({ isVoucherCodeSoldOut: true });
    await screen.findByRole('heading', { level: 1 });
    expect(queryRow()).toBeNull();
    expect(document.getElementById(ctaButton().getAttribute('aria-describedby')!)?.textContent).toBe(
      'There are no remaining promo codes for this offer.',
    );
  });

  it('at the cap on arrival: disabled with the cap label and the counter full', async () => {
    open({ userVoucherCodeClaimCount: 2 });
    await screen.findByRole('heading', { level: 1 });
    expect((claimButton() as HTMLButtonElement).disabled).toBe(true);
    expect(within(row()).getByText('2/2')).toBeTruthy();
    expect(within(row()).getByRole('status').textContent).toBe('Claim capacity has already been reached');
  });
});

describe('common code row', () => {
  const common = (fields: Partial<OfferDetail> = {}) =>
    offerDetail({ type: 'benefit', promoCodeCommonExists: true, callToAction: cta, ...fields });

  it('claiming reveals the code with a copy button; the call to action claims it too', async () => {
    const sent: unknown[] = [];
    renderOfferScreen({
      answer: common(),
      params: { type: 'benefit', id: 'offer-1' },
      send: async (method, path, body) => {
        sent.push([method, path, body]);
        return { code: 'AURORA-WELCOME' };
      },
    });
    const region = await screen.findByRole('region', { name: 'Member code' });
    expect(within(region).queryByText('AURORA-WELCOME')).toBeNull();
    fireEvent.click(ctaButton());
    expect(await within(region).findByText('AURORA-WELCOME')).toBeTruthy();
    expect(sent).toEqual([['POST', '/v1/claim/offer/voucher/code/common', { id: 'offer-1' }]]);
    // Revealed: nothing left for the call to action to claim.
    expect((ctaButton() as HTMLButtonElement).disabled).toBe(true);

    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    fireEvent.click(within(region).getByRole('button', { name: 'Copy code AURORA-WELCOME' }));
    await waitFor(() => expect(within(region).getByRole('status').textContent).toBe('Successfully copied to clipboard AURORA-WELCOME'));
    expect(writeText).toHaveBeenCalledWith('AURORA-WELCOME');

    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      configurable: true,
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Copy code AURORA-WELCOME' }));
    await waitFor(() =>
      expect(within(region).getByRole('status').textContent).toBe('Could not copy to clipboard: Write permission denied.'),
    );
  });

  it('a code revealed on an earlier visit shows at once', async () => {
    renderOfferScreen({ answer: common({ promoCodeCommon: 'AURORA-WELCOME' }), params: { type: 'benefit', id: 'offer-1' } });
    const region = await screen.findByRole('region', { name: 'Member code' });
    expect(within(region).getByText('AURORA-WELCOME')).toBeTruthy();
  });

  it("a failed claim says 'catch_error_something_wrong' in a dialog; trying again reveals it", async () => {
    let fail = true;
    renderOfferScreen({
      answer: common(),
      params: { type: 'benefit', id: 'offer-1' },
      send: async () => {
        if (fail) throw new ApiError(500, 'internal_error', 'boom');
        return { code: 'AURORA-WELCOME' };
      },
    });
    const region = await screen.findByRole('region', { name: 'Member code' });
    fireEvent.click(within(region).getByRole('button', { name: 'Show the code' }));
    const open = await screen.findByRole('dialog');
    expect(within(open).getByText('Something went wrong. Please try again.')).toBeTruthy();
    fail = false;
    await act(async () => fireEvent.click(within(open).getByRole('button', { name: 'Try again' })));
    expect(await within(region).findByText('AURORA-WELCOME')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
