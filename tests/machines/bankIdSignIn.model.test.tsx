import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { appMachine } from '../../machines/app.machine.ts';
import { ApiError } from '../../src/api/apiError.ts';
import type { ApiClient } from '../../src/api/client.ts';
import { AppActor, WiringContext } from '../../src/appActor.ts';
import type { IdentityService } from '../../src/services/identity.ts';
import { BankIdSignIn } from '../../src/screens/signIn/BankIdSignIn.tsx';
import { browserContainer } from '../client/browserContainer.ts';
import { recordingAnalytics } from '../client/recordingAnalytics.ts';
import { createFakeEid } from './bankIdFakes.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The bank-eID part of the sign-in screen as the member meets it (its buttons, then the order's
 * lazily loaded view and machine), over a fake of the API's bank-eID calls with BankID's rules
 * and a fake identity provider. The model is what the sign-in model (signIn.model.test.tsx, the
 * phone's hints and BankID's outcomes) leaves out: a lost connection is not an answer, so the
 * order keeps being collected (and the QR code stays up) until it is back; the API's and the
 * identity provider's refusals end the order with a message and the buttons to start again; and
 * leaving the screen gives a running order up at the server (also one still starting), while
 * leaving after an outcome gives nothing up. Either way nothing is asked of BankID afterwards.
 */
type Shown = 'buttons' | 'waiting' | 'signedIn' | 'failed' | 'networkError' | 'left';
interface World {
  shown: Shown;
  device: 'same' | 'qr' | '-';
  offline: boolean;
  /** Starts asked of the server, orders it started, and orders given up there. */
  attempts: number;
  orders: number;
  cancels: number;
}

function next(w: World, event: string): World | null {
  const waiting = w.shown === 'waiting';
  // Bounded: the first order is walked in full; starting again after an outcome is walked to its
  // new order only (from a refused start or a failed order on this device, from a lost connection with a QR code).
  const first = w.attempts === 1 && w.orders === 1;
  const online = waiting && first && !w.offline;
  const outcome = w.shown === 'failed' || w.shown === 'networkError' || w.shown === 'signedIn';
  const restart = outcome && w.attempts === 1 && w.shown !== 'signedIn';
  const startAgain = (device: 'same' | 'qr'): World => ({ ...w, shown: 'waiting', device, attempts: w.attempts + 1, orders: w.orders + 1 });
  switch (event) {
    case 'START_ON_THIS_DEVICE':
      return w.shown === 'buttons' || (restart && w.shown === 'failed') ? startAgain('same') : null;
    case 'START_WITH_QR':
      return w.shown === 'buttons' || (restart && w.shown === 'networkError') ? startAgain('qr') : null;
    case 'START_WHILE_OFFLINE':
      return w.shown === 'buttons' ? { ...w, shown: 'networkError', attempts: 1 } : null;
    case 'START_REFUSED':
      return w.shown === 'buttons' ? { ...w, shown: 'failed', attempts: 1 } : null;
    case 'LEAVE_WHILE_STARTING':
      return w.shown === 'buttons' ? { ...w, shown: 'left', attempts: 1, orders: 1, cancels: 1 } : null;
    case 'NETWORK_DROPS':
      return online ? { ...w, offline: true } : null;
    case 'NETWORK_RETURNS':
      return waiting && w.offline ? { ...w, offline: false } : null;
    case 'COLLECT_FAILS':
      return online && w.device === 'same' ? { ...w, shown: 'failed', device: '-' } : null;
    case 'PHONE_APPROVES':
      return online ? { ...w, shown: 'signedIn', device: '-' } : null;
    case 'TOKEN_REFUSED':
      return online && w.device === 'same' ? { ...w, shown: 'failed', device: '-' } : null;
    case 'LEAVE':
      if (!(w.shown === 'buttons' || online || (outcome && w.attempts === 1))) return null;
      return { ...w, shown: 'left', device: '-', cancels: w.cancels + (waiting ? 1 : 0) };
    default:
      return null;
  }
}

const events = [
  'START_ON_THIS_DEVICE', 'START_WITH_QR', 'START_WHILE_OFFLINE', 'START_REFUSED', 'LEAVE_WHILE_STARTING', 'NETWORK_DROPS', 'NETWORK_RETURNS',
  'COLLECT_FAILS', 'PHONE_APPROVES', 'TOKEN_REFUSED', 'LEAVE',
];
const name = (w: World) => [w.shown, w.device, w.offline ? 'offline' : 'online', `starts ${w.attempts}/${w.orders}`, `cancels ${w.cancels}`].join('|');
const parse = (value: string): World => {
  const [shown, device, online, starts, cancels] = value.split('|');
  const [attempts, orders] = starts!.split(' ')[1]!.split('/').map(Number);
  return { shown: shown as Shown, device: device as World['device'], offline: online === 'offline', attempts: attempts!, orders: orders!, cancels: Number(cancels!.split(' ')[1]) };
};
const start: World = { shown: 'buttons', device: '-', offline: false, attempts: 0, orders: 0, cancels: 0 };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'bankIdWorld', initial: name(start), states }));

/** The section under the sign-in screen's services: the order's view loads with its wiring on the first press. */
function renderBankId(eid: ReturnType<typeof createFakeEid>, identity: { refuse: boolean; tokens: string[] }) {
  const api = { appUrl: '', baseUrl: '', get: () => Promise.reject(new Error('no GET')), send: eid.handle } as unknown as ApiClient;
  const provider = {
    signInWithCustomToken: async (token: string) => {
      identity.tokens.push(token);
      if (identity.refuse) throw new ApiError(400, 'auth/invalid-custom-token', 'refused');
      return { uid: 'uid-1', email: 'member@aurora.test' };
    },
  } as Partial<IdentityService> as IdentityService;
  const loadOrder = () => import('../../src/wiring/bankIdOrder.wiring.ts').then((m) => ({ default: m.WiredBankIdOrder }));
  return render(
    <I18nProvider i18n={i18n}>
      <WiringContext.Provider value={{ api, identity: () => provider, container: browserContainer, analytics: recordingAnalytics() }}>
        <AppActor.Provider logic={createMachine({}) as unknown as typeof appMachine}>
          <BankIdSignIn loadOrder={loadOrder} />
        </AppActor.Provider>
      </WiringContext.Provider>
    </I18nProvider>,
  );
}

/** Lets due timers and promises run, inside act. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const startButtons = () => screen.queryAllByRole('button', { name: /^(Sign in with BankID|BankID on another device)$/ });
const qrImage = () => screen.queryByRole('img', { name: 'QR code to scan with the BankID app' });
const hints = { same: 'Open the BankID app to identify yourself.', qr: 'Start the BankID app on your other device and scan the QR code.' };

afterEach(() => vi.useRealTimers());

describe('bank-eID sign-in, generated paths through the rendered section', () => {
  // The order's view loads lazily; transforming it inside a fake-timer test would stall it.
  beforeAll(
    () => Promise.all([import('../../src/wiring/bankIdOrder.wiring.ts'), import('../../src/screens/signIn/BankIdQrCode.tsx')]),
    30_000,
  );

  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      const eid = createFakeEid();
      const identity = { refuse: false, tokens: [] as string[] };
      const view = renderBankId(eid, identity);
      await screen.findByRole('button', { name: 'Sign in with BankID' });
      vi.useFakeTimers();
      const auths = () => eid.calls.filter((c) => c.path === '/v1/eid/auth').length;
      const cancels = () => eid.calls.filter((c) => c.path === '/v1/eid/cancel').map((c) => c.orderRef);
      const press = async (label: string) => {
        fireEvent.click(screen.getByRole('button', { name: label }));
        await elapse(0);
      };
      const leave = async () => {
        view.unmount();
        await elapse(0);
      };
      /** The phone answers at the next collect (within 2 s); a completed order's token comes 1.5 s later. */
      const approve = async () => {
        eid.state.status = 'complete';
        await elapse(2000);
        await elapse(1500);
        await elapse(100);
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            expect(auths()).toBe(w.attempts);
            expect(eid.order()).toBe(`order-${w.orders}`);
            expect(cancels()).toHaveLength(w.cancels);
            if (w.shown === 'left') {
              // Given up at the server (the order it was running), then nothing more is asked of BankID.
              if (w.cancels) expect(cancels().at(-1)).toBe(eid.order());
              const asked = eid.calls.length;
              await elapse(4000);
              expect(eid.calls).toHaveLength(asked);
              expect(document.body.textContent).toBe('');
              return;
            }
            const alert = screen.queryByRole('alert')?.textContent ?? null;
            if (w.shown === 'waiting') {
              expect(startButtons()).toHaveLength(0);
              expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
              // A lost connection is not the member's answer: nothing is told, the order waits.
              expect(alert).toBeNull();
              expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(hints[w.device as 'same' | 'qr']);
              if (w.device === 'qr') expect(qrImage()!.getAttribute('data-qr-content')).toMatch(new RegExp(`^bankid\\.qr-${eid.order().slice(6)}\\.\\d+\\.`));
              else expect(screen.getByRole('link', { name: 'Open BankID' }).getAttribute('href')).toContain(`autostarttoken=auto-${eid.order().slice(6)}`);
              return;
            }
            expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
            expect(qrImage()).toBeNull();
            if (w.shown === 'signedIn') {
              // Signed in with the order's token; the app moves on, the section waits.
              expect(identity.tokens.at(-1)).toBe(`token-${eid.order().slice(6)}`);
              expect(startButtons()).toHaveLength(0);
              expect(alert).toBeNull();
              return;
            }
            expect(startButtons()).toHaveLength(2);
            const told = { buttons: null, failed: 'Failed to authenticate!', networkError: 'Network Error' };
            expect(alert).toBe(told[w.shown]);
          },
        },
        events: {
          START_ON_THIS_DEVICE: () => press('Sign in with BankID'),
          START_WITH_QR: () => press('BankID on another device'),
          START_WHILE_OFFLINE: async () => {
            eid.network.offline = true;
            await press('Sign in with BankID');
            eid.network.offline = false;
          },
          START_REFUSED: async () => {
            eid.network.startRefused = true;
            await press('Sign in with BankID');
            eid.network.startRefused = false;
          },
          LEAVE_WHILE_STARTING: async () => {
            let started = () => {};
            eid.network.holdStart = new Promise<void>((resolve) => (started = resolve));
            await press('Sign in with BankID');
            await leave();
            expect(cancels()).toEqual([]);
            // The order's reference arrives after the member left.
            eid.network.holdStart = null;
            started();
            await elapse(0);
          },
          NETWORK_DROPS: async () => {
            eid.network.offline = true;
            const asked = eid.calls.length;
            await elapse(2000);
            // Still asking: at least one collect (and QR codes) failed quietly meanwhile.
            expect(eid.calls.length).toBeGreaterThan(asked);
          },
          NETWORK_RETURNS: async () => {
            eid.network.offline = false;
            await elapse(2000);
          },
          COLLECT_FAILS: async () => {
            eid.network.collectFails = true;
            await elapse(2000);
            eid.network.collectFails = false;
          },
          PHONE_APPROVES: approve,
          TOKEN_REFUSED: async () => {
            identity.refuse = true;
            await approve();
          },
          LEAVE: leave,
        },
      });
    });
  }

  it('the model reaches every outcome, and leaving from each', () => {
    const reached = new Set(Object.keys(states).map((n) => parse(n).shown));
    expect([...reached].sort()).toEqual(['buttons', 'failed', 'left', 'networkError', 'signedIn', 'waiting']);
  });
});
