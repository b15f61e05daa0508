import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { ApiError } from '../../src/api/apiError.ts';
import type { OfferDetail } from '../../contract/offer.ts';
import { offerDetail } from '../client/offer/offerDetailFixtures.ts';
import { renderOfferScreen } from '../client/offer/offerScreenHarness.tsx';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import {
  aroundTheMember,
  aroundTheMemberEvents,
  claim,
  parsePromoWorld,
  promoServer,
  promoStart,
  promoWorldName,
  restingRow,
  type PromoWorld,
} from './promoClaimWorld.ts';

/**
 * The promo claim machine as the member meets it: the rendered offer page (the page machine
 * invokes the promo rows) over a fake API with the server's rules. The model is the spec's
 * (2.3, 4): claimable while the count is below the cap, the counter count/cap, disabled with the
 * cap label at the cap, the sold-out message when the last code goes while the member looks,
 * the sign-in message when the session is gone, the error dialog for anything else.
 */
const canClaim = (w: PromoWorld) => w.row === 'claimable' || w.row === 'claimed';

function next(w: PromoWorld, event: string): PromoWorld | null {
  const around = aroundTheMember(w, event, canClaim(w));
  if (around !== undefined) return around;
  switch (event) {
    case 'CLICK_CLAIM':
    case 'CLICK_CALL_TO_ACTION':
      return canClaim(w) ? claim(w) : null;
    case 'RETRY_IN_DIALOG':
      return w.row === 'failed' ? claim(w) : null;
    case 'CLOSE_DIALOG':
      return w.row === 'failed' || w.row === 'needsSignIn' ? { ...w, row: restingRow(w) } : null;
    default:
      return null;
  }
}

const events = ['CLICK_CLAIM', 'CLICK_CALL_TO_ACTION', 'RETRY_IN_DIALOG', 'CLOSE_DIALOG', ...aroundTheMemberEvents];
const states = exploreWorlds(promoStart, events, next, promoWorldName);
const model = createTestModel(createMachine({ id: 'promoPage', initial: promoWorldName(promoStart), states }));

const cta = { type: 'claim' as const, label: 'Get your code' };
const arrival = (w: PromoWorld, extra: Partial<OfferDetail> = {}) =>
  offerDetail({
    type: 'benefit',
    promoExists: true,
    isVoucherCodeSoldOut: w.left === 0,
    voucherClaimCap: w.cap,
    userVoucherCodeClaimCount: w.count,
    callToAction: cta,
    ...extra,
  });

/** The fake API: the claim endpoint over the shared world's server rules. */
function fakeServer(world: () => PromoWorld, update: (w: PromoWorld) => void) {
  const server = promoServer(world, update);
  const send = async (method: string, path: string, body: unknown) => {
    expect([method, path, body]).toEqual(['POST', '/v1/claim/offer/voucher/code', { id: 'offer-1' }]);
    return server.claimCode();
  };
  return { send, handedOut: server.handedOut };
}

const row = () => screen.getByRole('region', { name: 'Your personal code' });
const queryRow = () => screen.queryByRole('region', { name: 'Your personal code' });
const claimButton = () => within(row()).getByRole('button', { name: /Claim code|Claiming…/ });
const ctaButton = () => screen.getByRole('button', { name: 'Get your code' });
const dialog = () => screen.queryByRole('dialog');
const settle = () => waitFor(() => expect(row().getAttribute('aria-busy')).toBe('false'));
const statuses = (region: HTMLElement) => within(region).getAllByRole('status').map((status) => status.textContent);

afterEach(cleanup);

describe('promo claim on the rendered offer page, generated paths', () => {
  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ') || 'arriving';
    it(`${steps} shows ${String(path.state.value).split('|')[0]}`, async () => {
      let server = { ...promoStart };
      const api = fakeServer(() => server, (w) => void (server = w));
      renderOfferScreen({ answer: arrival(promoStart), params: { type: 'benefit', id: 'offer-1' }, send: api.send });
      await screen.findByRole('heading', { level: 1 });
      // The newest code handed out on this visit is announced in the row's status.
      const told = () => (api.handedOut.length > 0 ? `Here is your code: ${api.handedOut.at(-1)}. You also find it under My promo codes. ` : '');

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parsePromoWorld(String(state.value));
            if (w.row === 'soldOutNow') {
              // The row keeps the codes shown so far, loses its button and says why.
              expect(within(row()).queryByRole('button', { name: 'Claim code' })).toBeNull();
              expect(within(row()).getAllByRole('status').at(-1)!.textContent).toBe(
                `${told()}There are no remaining promo codes for this offer. Keep an eye on our other offers.`,
              );
              expect((ctaButton() as HTMLButtonElement).disabled).toBe(true);
            } else {
              const button = claimButton() as HTMLButtonElement;
              // Behind the error dialog the buttons stay usable: claiming again retries.
              const enabled = canClaim(w) || w.row === 'failed';
              expect(button.disabled).toBe(!enabled);
              expect((ctaButton() as HTMLButtonElement).disabled).toBe(!enabled);
              const status = within(row()).getAllByRole('status').at(-1)!;
              if (w.row === 'capReached') {
                const capText = `${told()}Claim capacity has already been reached. You have all the codes this offer gives one member.`;
                expect(status.textContent).toBe(capText);
                expect(document.getElementById(button.getAttribute('aria-describedby')!)?.textContent).toBe(capText);
              } else expect(status.textContent).toBe(told().trim());
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
          ...Object.fromEntries(
            aroundTheMemberEvents.map((event) => [event, () => void (server = aroundTheMember(server, event, true) ?? server)]),
          ),
        },
      });
    });
  }

  it('the model reaches every row the spec names', () => {
    const rows = new Set(Object.keys(states).map((n) => parsePromoWorld(n).row));
    expect([...rows].sort()).toEqual(['capReached', 'claimable', 'claimed', 'failed', 'needsSignIn', 'soldOutNow']);
  });
});

describe('promo rows as the offer arrives', () => {
  const open = (fields: Partial<OfferDetail>) =>
    renderOfferScreen({ answer: arrival(promoStart, fields), params: { type: 'benefit', id: 'offer-1' } });

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
    expect(within(row()).getByRole('status').textContent).toBe(
      'Claim capacity has already been reached. You have all the codes this offer gives one member.',
    );
  });
});

describe('codes the member can see', () => {
  afterEach(() => {
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('a code claimed from the floating call to action is brought into view and announced', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    renderOfferScreen({
      answer: arrival(promoStart),
      params: { type: 'benefit', id: 'offer-1' },
      send: async () => ({ code: 'OPEN-0001', userClaimedCount: 1, claimCap: 2 }),
    });
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(ctaButton());
    await within(row()).findByText('OPEN-0001');
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]).toContain('OPEN-0001');
    expect(within(row()).getAllByRole('status').at(-1)!.textContent).toBe('Here is your code: OPEN-0001. You also find it under My promo codes.');
  });

  it('after a reload the row lists the codes claimed earlier, not only the count', async () => {
    const earlier = (code: string, claimedAt: string, offerId: string, kind: 'unique' | 'common' = 'unique') => ({
      code,
      kind,
      claimedAt,
      groupId: `/benefit/${offerId}`,
      offer: { id: offerId, type: 'benefit', title: 'Offer', puffImage: { jpeg: {}, webp: {} } },
    });
    const { calls } = renderOfferScreen({
      answer: arrival({ ...promoStart, count: 2 }),
      params: { type: 'benefit', id: 'offer-1' },
      get: async (path) =>
        path === '/v1/get_list/offer/voucher/code'
          ? [
              earlier('OPEN-0002', '2026-11-24T10:00:00Z', 'offer-1'),
              earlier('OTHER-1', '2026-11-23T10:00:00Z', 'offer-2'),
              earlier('MEMBERS', '2026-11-22T10:00:00Z', 'offer-1', 'common'),
              earlier('OPEN-0001', '2026-11-20T10:00:00Z', 'offer-1'),
            ]
          : undefined,
    });
    await waitFor(() => expect(within(row()).queryAllByRole('listitem')).toHaveLength(2));
    const shown = within(row()).getAllByRole('listitem').map((li) => li.querySelector('code')?.textContent);
    expect(shown).toEqual(['OPEN-0001', 'OPEN-0002']);
    expect(within(row()).getByText('2/2')).toBeTruthy();
    expect(calls.map((call) => call.path)).toContain('/v1/get_list/offer/voucher/code');
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
    await waitFor(() => expect(statuses(region)).toContain('Successfully copied to clipboard AURORA-WELCOME'));
    expect(writeText).toHaveBeenCalledWith('AURORA-WELCOME');

    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: async () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
      configurable: true,
    });
    fireEvent.click(within(region).getByRole('button', { name: 'Copy code AURORA-WELCOME' }));
    await waitFor(() => expect(statuses(region)).toContain('Could not copy to clipboard: Write permission denied.'));
  });

  it('revealed from the floating call to action, the code is brought into view and announced', async () => {
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this.textContent ?? '');
    };
    renderOfferScreen({ answer: common(), params: { type: 'benefit', id: 'offer-1' }, send: async () => ({ code: 'AURORA-WELCOME' }) });
    const region = await screen.findByRole('region', { name: 'Member code' });
    fireEvent.click(ctaButton());
    await within(region).findByText('AURORA-WELCOME');
    expect(scrolled).toEqual([expect.stringContaining('AURORA-WELCOME')]);
    expect(statuses(region)).toContain('Here is your member code: AURORA-WELCOME. You also find it under My promo codes.');
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
