import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StrictMode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { exploreWorlds, pathPerTransition } from './modelPaths.ts';
import { renderAppWithFakes } from './appHarness.tsx';
import { testMember } from './fixtures.ts';
import { createFakeEid } from './bankIdFakes.ts';
import { qrPath } from '../../src/components/QrCode.tsx';
import { BankIdOrder } from '../../src/screens/signIn/BankIdOrder.tsx';

const WiredBankIdOrder = wired(BankIdOrder, wireBankIdOrder);
import { wired } from '../../src/wiring/wired.tsx';
import { WiringContext } from '../../src/appActor.ts';
import { wireBankIdOrder } from '../../src/wiring/bankIdOrder.wiring.ts';
import { AppActor } from '../../src/appActor.ts';
import type { appMachine } from '../../machines/app.machine.ts';
import type { ApiClient } from '../../src/api/client.ts';
import type { IdentityService } from '../../src/services/identity.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';

type Outcome = 'timedOut' | 'cancelled' | 'failed' | 'qrError' | 'ssnNotFound';
interface World {
  screen: 'form' | 'fieldErrors' | 'waiting' | 'feed' | Outcome;
  device?: 'same' | 'qr';
  /** The phone's progress while waiting. */
  hint?: 'outstanding' | 'started' | 'userSign';
}
const name = (w: World) => [w.screen, w.device, w.hint].filter(Boolean).join('|');
const parse = (value: string): World => {
  const [screen_, device, hint] = value.split('|');
  return { screen: screen_ as World['screen'], device: device as World['device'], hint: hint as World['hint'] };
};
const canStart = (w: World) => w.screen !== 'waiting' && w.screen !== 'feed';

/** The sign-in screen's rules (spec 2.5, 4, 8), stated apart from the code. */
function next(w: World, event: string): World | null {
  const waiting = w.screen === 'waiting';
  switch (event) {
    case 'SUBMIT_EMPTY':
      return w.screen === 'form' ? { screen: 'fieldErrors' } : null;
    case 'SIGN_IN_WITH_PASSWORD':
      return w.screen === 'form' || w.screen === 'fieldErrors' ? { screen: 'feed' } : null;
    case 'START_ON_THIS_DEVICE':
      return canStart(w) && w.screen !== 'fieldErrors' ? { screen: 'waiting', device: 'same', hint: 'outstanding' } : null;
    case 'START_WITH_QR':
      return canStart(w) && w.screen !== 'fieldErrors' ? { screen: 'waiting', device: 'qr', hint: 'outstanding' } : null;
    case 'PHONE_OPENS':
      return waiting && w.hint === 'outstanding' ? { ...w, hint: 'started' } : null;
    case 'PHONE_ASKS_FOR_CODE':
      return waiting && w.hint === 'started' ? { ...w, hint: 'userSign' } : null;
    case 'PHONE_APPROVES':
      return waiting && w.hint === 'userSign' ? { screen: 'feed' } : null;
    case 'UNKNOWN_PERSON_APPROVES':
      return waiting && w.hint === 'userSign' && w.device === 'same' ? { screen: 'ssnNotFound' } : null;
    case 'PHONE_CANCELS':
      return waiting && w.hint !== 'outstanding' ? { screen: 'cancelled' } : null;
    case 'MEMBER_CANCELS':
      return waiting ? { screen: 'cancelled' } : null;
    case 'ORDER_EXPIRES':
      return waiting ? { screen: 'timedOut' } : null;
    case 'START_FAILS':
      return waiting && w.hint === 'outstanding' ? { screen: 'failed' } : null;
    case 'QR_CODE_FAILS':
      return waiting && w.device === 'qr' ? { screen: 'qrError' } : null;
    default:
      return null;
  }
}

const events = [
  'SUBMIT_EMPTY', 'SIGN_IN_WITH_PASSWORD', 'START_ON_THIS_DEVICE', 'START_WITH_QR', 'PHONE_OPENS', 'PHONE_ASKS_FOR_CODE',
  'PHONE_APPROVES', 'UNKNOWN_PERSON_APPROVES', 'PHONE_CANCELS', 'MEMBER_CANCELS', 'ORDER_EXPIRES', 'START_FAILS', 'QR_CODE_FAILS',
];
const start: World = { screen: 'form' };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'signInWorld', initial: name(start), states }));

const outcomeText: Record<Outcome, string> = {
  timedOut: 'Timed-out. Press the bank-identity button again.',
  cancelled: 'You have chosen to cancel the validation process.',
  failed: 'Failed to authenticate!',
  qrError: 'Failed to create QR code',
  ssnNotFound: 'Please check your social security number.',
};
const hintText = {
  same: 'Open the BankID app to identify yourself.',
  qr: 'Start the BankID app on your other device and scan the QR code.',
  started: 'Searching for BankID, it may take a little while…',
  userSign: 'Enter your security code in the BankID app and select Identify.',
};

/** Lets due timers and promises run, inside act. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const qrImage = () => screen.queryByRole('img', { name: 'QR code to scan with the BankID app' });

afterEach(() => vi.useRealTimers());

describe('sign-in, generated paths through the rendered screen', () => {
  // The screens load lazily; transforming them inside a fake-timer test would stall it.
  beforeAll(
    () =>
      Promise.all([
        import('../../src/routes/AuthRoutes.tsx'),
        import('../../src/routes/ContentRoutes.tsx'),
        import('../../src/i18n/i18n.ts').then((m) => m.loadMessages('content')),
        import('../../src/screens/signIn/BankIdOrder.tsx'),
        import('../../src/screens/signIn/BankIdQrCode.tsx'),
        import('../../src/wiring/bankIdOrder.wiring.ts'),
        import('../../src/screens/createAccount/CreateAccountScreen.tsx'),
        import('../../src/wiring/createAccount.wiring.ts'),
      ]),
    30_000,
  );

  for (const path of pathPerTransition(model.getShortestPaths())) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, async () => {
      const app = renderAppWithFakes();
      const eid = createFakeEid();
      app.answerApi(eid.handle);
      app.setSignedIn(false);
      await app.answerBrand();
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeTruthy();
      vi.useFakeTimers();
      const click = async (name_: string) => {
        fireEvent.click(screen.getByRole('button', { name: name_ }));
        await elapse(0);
      };
      /** The phone changes the order; the next collect (within 2 s) tells the screen. */
      const phone = async (change: Partial<typeof eid.state>) => {
        Object.assign(eid.state, change);
        await elapse(2000);
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            const alert = screen.queryByRole('alert');
            if (w.screen === 'feed') {
              // The content routes and their catalog load lazily (real module loading, not the fake clock).
              const list = await vi.waitFor(() => screen.getByRole('list', { name: 'Offers' }), { timeout: 10_000, interval: 20 });
              expect(within(list).getAllByRole('listitem')).toHaveLength(3);
              return;
            }
            expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
            const startButtons = screen.queryAllByRole('button', { name: /^(Sign in with BankID|BankID on another device)$/ });
            if (w.screen === 'waiting') {
              expect(startButtons).toHaveLength(0);
              expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
              expect(alert).toBeNull();
              const hint = w.hint === 'outstanding' ? hintText[w.device!] : hintText[w.hint!];
              expect(screen.getByText(hint)).toBeTruthy();
              if (w.device === 'same') {
                expect(screen.getByRole('link', { name: 'Open BankID' }).getAttribute('href')).toBe(
                  `bankid:///?autostarttoken=auto-${eid.order().slice(6)}&redirect=null`,
                );
                expect(screen.getByRole('link', { name: 'Open the simulated BankID app' }).getAttribute('href')).toBe(
                  `/dev/bankid?autostarttoken=auto-${eid.order().slice(6)}`,
                );
                expect(qrImage()).toBeNull();
              } else {
                // The QR code shows this second's content, and the next one a second later.
                expect(qrImage()!.getAttribute('data-qr-content')).toBe(eid.qrCodeNow());
                await elapse(1000);
                expect(qrImage()!.getAttribute('data-qr-content')).toBe(eid.qrCodeNow());
                expect(screen.queryByRole('link', { name: 'Open BankID' })).toBeNull();
              }
              return;
            }
            expect(startButtons).toHaveLength(2);
            expect(qrImage()).toBeNull();
            if (w.screen === 'form') expect(alert).toBeNull();
            if (w.screen === 'fieldErrors') {
              expect(screen.getByText('Enter your e-mail address')).toBeTruthy();
              expect(screen.getByText('Enter your password')).toBeTruthy();
            }
            if (w.screen in outcomeText) expect(alert!.textContent).toBe(outcomeText[w.screen as Outcome]);
          },
        },
        events: {
          SUBMIT_EMPTY: () => click('Sign in'),
          SIGN_IN_WITH_PASSWORD: async () => {
            fireEvent.change(screen.getByLabelText('E-mail'), { target: { value: 'member@aurora.test' } });
            fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'Password1' } });
            await click('Sign in');
            await app.answerMember(testMember(true));
            await elapse(100);
          },
          START_ON_THIS_DEVICE: async () => {
            await click('Sign in with BankID');
            expect(eid.calls.at(-2)).toEqual({ path: '/v1/eid/auth', orderRef: undefined });
            expect(eid.calls.at(-1)).toEqual({ path: '/v1/eid/collect', orderRef: eid.order() });
          },
          START_WITH_QR: async () => {
            await click('BankID on another device');
            expect(eid.calls.map((c) => c.path).slice(-3).sort()).toEqual(['/v1/eid/auth', '/v1/eid/collect', '/v1/eid/qr']);
          },
          PHONE_OPENS: async () => {
            const collects = eid.calls.filter((c) => c.path === '/v1/eid/collect').length;
            await phone({ hintCode: 'started' });
            // Collect about every 2 s: one more call in that time, not more.
            expect(eid.calls.filter((c) => c.path === '/v1/eid/collect').length).toBe(collects + 1);
          },
          PHONE_ASKS_FOR_CODE: () => phone({ hintCode: 'userSign' }),
          PHONE_APPROVES: async () => {
            await phone({ status: 'complete', hintCode: '' });
            await elapse(1500);
            await app.answerMember(testMember(true));
            await elapse(100);
          },
          UNKNOWN_PERSON_APPROVES: () => phone({ status: 'complete', unknownPerson: true }),
          PHONE_CANCELS: () => phone({ status: 'failed', hintCode: 'userCancel' }),
          ORDER_EXPIRES: () => phone({ status: 'failed', hintCode: 'expiredTransaction' }),
          START_FAILS: () => phone({ status: 'failed', hintCode: 'startFailed' }),
          MEMBER_CANCELS: async () => {
            await click('Cancel');
            expect(eid.calls.at(-1)).toEqual({ path: '/v1/eid/cancel', orderRef: eid.order() });
          },
          QR_CODE_FAILS: async () => {
            eid.state.qrFails = true;
            await elapse(1000);
            // The order is given up at the server too.
            expect(eid.calls.at(-1)).toEqual({ path: '/v1/eid/cancel', orderRef: eid.order() });
          },
        },
      });
    });
  }

  it('reaches every screen the model names', () => {
    const screens = new Set(Object.keys(states).map((s) => parse(s).screen));
    expect([...screens].sort()).toEqual(['cancelled', 'failed', 'feed', 'fieldErrors', 'form', 'qrError', 'ssnNotFound', 'timedOut', 'waiting']);
  });
});

describe('leaving the sign-in screen while an order runs', { timeout: 15_000 }, () => {
  afterEach(cleanup);
  // The order's and create-account's views load lazily with their wiring: transform them before the clock matters.
  beforeAll(
    () =>
      Promise.all([
        import('../../src/routes/AuthRoutes.tsx'),
        import('../../src/screens/signIn/BankIdOrder.tsx'),
        import('../../src/wiring/bankIdOrder.wiring.ts'),
        import('../../src/screens/createAccount/CreateAccountScreen.tsx'),
        import('../../src/wiring/createAccount.wiring.ts'),
      ]),
    30_000,
  );
  const cancels = (eid: ReturnType<typeof createFakeEid>) => eid.calls.filter((c) => c.path === '/v1/eid/cancel');

  it('cancels the order at the server when the member goes to create an account', async () => {
    const app = renderAppWithFakes();
    const eid = createFakeEid();
    app.answerApi(eid.handle);
    app.setSignedIn(false);
    await app.answerBrand();
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with BankID' }));
    await vi.waitFor(() => expect(eid.calls.at(-1)).toEqual({ path: '/v1/eid/collect', orderRef: 'order-1' }), { timeout: 5_000 });
    expect(cancels(eid)).toEqual([]);

    fireEvent.click(screen.getByRole('link', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Create account' })).toBeTruthy();
    await vi.waitFor(() => expect(cancels(eid)).toEqual([{ path: '/v1/eid/cancel', orderRef: 'order-1' }]), { timeout: 5_000 });
    // The order's machine ended with the view: BankID is not asked about the order any more.
    const calls = eid.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 2200));
    expect(eid.calls).toHaveLength(calls);
  });

  it("survives StrictMode's trial remount, and cancels once when the view really goes", async () => {
    const eid = createFakeEid();
    const api = { appUrl: '', baseUrl: '', get: () => Promise.reject(new Error('no GET')), send: eid.handle } as unknown as ApiClient;
    const services = { api, identity: () => ({}) as IdentityService, container: browserContainer, analytics: recordingAnalytics() };
    const view = render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <WiringContext.Provider value={services}>
            <AppActor.Provider logic={createMachine({}) as unknown as typeof appMachine}>
              <WiredBankIdOrder device="sameDevice" startButtons={() => null} />
            </AppActor.Provider>
          </WiringContext.Provider>
        </I18nProvider>
      </StrictMode>,
    );
    expect(await screen.findByRole('link', { name: 'Open BankID' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(eid.calls.filter((c) => c.path === '/v1/eid/auth')).toHaveLength(1);
    expect(cancels(eid)).toEqual([]);

    view.unmount();
    await vi.waitFor(() => expect(cancels(eid)).toEqual([{ path: '/v1/eid/cancel', orderRef: 'order-1' }]), { timeout: 5_000 });
  });
});

describe('the QR code drawing', () => {
  it('encodes BankID content and refuses content no QR code can hold', () => {
    const drawn = qrPath(`bankid.${'a'.repeat(36)}.12.${'f'.repeat(64)}`)!;
    expect(drawn.size).toBeGreaterThan(29);
    expect(drawn.path).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(qrPath('x'.repeat(4000))).toBeNull();
  });
});
