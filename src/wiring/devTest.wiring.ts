import { fromPromise } from 'xstate';
import { devTestMachine, type DevCheck, type DevOutcome } from '../../machines/devTest.machine.ts';
import { DevTestScreen } from '../screens/devTest/DevTestScreen.tsx';
import { appVersion } from '../domain/appVersion.ts';
import { detectDeviceProfile, readDeviceInput } from '../domain/deviceProfile.ts';
import { fakeHttpsImageUrl, loadImage } from '../services/imageProbe.ts';
import { wired, type WiringDeps } from './wired.tsx';

/** /more/dev_test: this device's profile and the checks of the native container's bridge. */
export function wireDevTest({ container, app }: WiringDeps) {
  const brand = () => app.getSnapshot().context.brand;
  const sent = async (answer: Promise<'sent' | 'unavailable'>): Promise<DevOutcome> => ({ kind: 'message', sent: (await answer) === 'sent' });
  const checks: Record<DevCheck, () => Promise<DevOutcome>> = {
    reload: async () => {
      window.location.reload();
      return { kind: 'reloading' };
    },
    containerInit: async () => ({ kind: 'version', version: await container.init() }),
    pushToken: async () => ({ kind: 'token', token: await container.pushToken(brand()?.id ?? '') }),
    registerPush: () => sent(container.tell('registerForPushNotifications')),
    unregisterPush: () => sent(container.tell('unRegisterForPushNotifications')),
    allowTracking: () => sent(container.tell('promptAllowTracking')),
    imageLoad: async () => ({ kind: 'image', ...(await loadImage(fakeHttpsImageUrl(brand()?.logoUrl ?? '/', window.location.origin))) }),
  };
  return {
    logic: devTestMachine.provide({
      actors: { runCheck: fromPromise(({ input }: { input: { check: DevCheck } }) => checks[input.check]()) },
    }),
    profile: detectDeviceProfile(readDeviceInput(window)),
    version: appVersion,
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/dev_test first shows. */
export const WiredDevTestScreen = wired(DevTestScreen, wireDevTest);
