import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { tapsToReveal } from '../../machines/versionReveal.machine.ts';
import { createContainerService } from '../../src/services/container.ts';
import { readOnlyApi, renderRoute } from '../client/routeHarness.tsx';
import { brandContent } from '../client/brandContentFixtures.ts';
import { browserContainer } from '../client/browserContainer.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The About page's version (spec 2.3, 9) as the member meets it, through the route table over a
 * fake API, in three devices: a plain browser (no push token), an iOS container that answers
 * getFCMToken, and one that stays silent past the time-out. Six taps reveal nothing; the
 * seventh reads the token and the page announces it, or that there is none, or that it could
 * not be read. Taps after that change nothing.
 */
type Device = 'browser' | 'ios' | 'silentIos';
interface World {
  device: Device | null;
  taps: number;
}

function next(w: World, event: string): World | null {
  switch (event) {
    case 'OPEN_IN_BROWSER':
      return w.device === null ? { device: 'browser', taps: 0 } : null;
    case 'OPEN_IN_IOS':
      return w.device === null ? { device: 'ios', taps: 0 } : null;
    case 'OPEN_IN_SILENT_IOS':
      return w.device === null ? { device: 'silentIos', taps: 0 } : null;
    // Bounded: one tap past the reveal.
    case 'TAP_VERSION':
      return w.device !== null && w.taps <= tapsToReveal ? { ...w, taps: w.taps + 1 } : null;
    default:
      return null;
  }
}

const events = ['OPEN_IN_BROWSER', 'OPEN_IN_IOS', 'OPEN_IN_SILENT_IOS', 'TAP_VERSION'];
const name = (w: World) => `${w.device ?? 'closed'}|taps ${w.taps}`;
const parse = (value: string): World => {
  const [device, taps] = value.split('|');
  return { device: device === 'closed' ? null : (device as Device), taps: Number(taps!.split(' ')[1]) };
};
const start: World = { device: null, taps: 0 };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'versionRevealWorld', initial: name(start), states }));

/** An iOS container with the getFCMToken bridge message; a silent one never answers. */
function iosContainer(answers: boolean) {
  const win = {} as Window & { klubbContainer?: { answer(m: string, a: unknown): void }; webkit?: unknown };
  const postMessage = vi.fn(() => answers && setTimeout(() => win.klubbContainer!.answer('getFCMToken', 'fcm-token-123'), 5));
  win.webkit = { messageHandlers: { getFCMToken: { postMessage } } };
  return { postMessage, container: createContainerService({ containerType: 'ios-wv', serviceUrl: null, win, timeoutMs: 50 }) };
}

const revealed: Record<Device, string> = {
  browser: 'No push token on this device',
  ios: 'Push token: fcm-token-123',
  silentIos: 'The push token could not be read.',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the version reveal on the About page, generated paths', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} shows ${String(path.state.value)}`, { timeout: 20_000 }, async () => {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { api } = readOnlyApi(async () => brandContent());
      const user = userEvent.setup({ delay: null });
      let asked: ReturnType<typeof vi.fn> | null = null;
      const open = async (device: Device) => {
        const ios = device === 'browser' ? null : iosContainer(device === 'ios');
        asked = ios?.postMessage ?? null;
        renderRoute('about', '/more/about', api, ios?.container ?? browserContainer);
        await screen.findByRole('heading', { level: 1, name: 'About Aurora' }, { timeout: 10_000 });
      };
      const version = () => screen.getByRole('button', { name: 'Version 5.23.3' });

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            if (w.device === null) return;
            const status = screen.getByRole('status');
            if (w.taps < tapsToReveal) {
              expect(status.textContent).toBe('');
              // The container is not asked before the seventh tap.
              if (asked) expect(asked).not.toHaveBeenCalled();
              return;
            }
            await vi.waitFor(() => expect(status.textContent).toBe(revealed[w.device!]));
            if (asked) expect(asked).toHaveBeenCalledTimes(1);
          },
        },
        events: {
          OPEN_IN_BROWSER: () => open('browser'),
          OPEN_IN_IOS: () => open('ios'),
          OPEN_IN_SILENT_IOS: () => open('silentIos'),
          // By keyboard: the version is a real button.
          TAP_VERSION: async () => {
            version().focus();
            await user.keyboard('{Enter}');
          },
        },
      });
    });
  }
});
