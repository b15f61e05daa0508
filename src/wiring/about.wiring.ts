import { fromPromise } from 'xstate';
import { versionRevealMachine } from '../../machines/versionReveal.machine.ts';
import { AboutScreen } from '../screens/about/AboutScreen.tsx';
import { appVersion } from '../domain/appVersion.ts';
import { wireBrandContent } from './brandContent.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';

/** /more/about: the brand's texts, this build's version, and the push token the native container holds. */
export function wireAbout(deps: WiringDeps) {
  const { container, app } = deps;
  return {
    logic: wireBrandContent(deps),
    revealLogic: versionRevealMachine.provide({
      actors: {
        readPushToken: fromPromise(async () => {
          try {
            return await container.pushToken(app.getSnapshot().context.brand?.id ?? '');
          } catch (error) {
            // Spec 8: push errors are only logged; the page says the token could not be read.
            console.warn('Push token unavailable:', error instanceof Error ? error.message : error);
            throw error;
          }
        }),
      },
    }),
    version: appVersion,
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/about first shows. */
export const WiredAboutScreen = wired(AboutScreen, wireAbout);
