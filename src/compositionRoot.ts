import { appMachine } from '../machines/app.machine.ts';
import type { AppInput, Layout } from '../machines/app.rules.ts';
import type { Brand } from '../contract/brand.ts';
import type { ClientConfig } from './config.ts';
import type { Services } from './services/services.ts';
import { detectDeviceProfile, isDesktopLayout, readDeviceInput } from './domain/deviceProfile.ts';
import { createResolver } from './routes/resolver.ts';
import { media } from './theme/breakpoints.ts';
import { isAuthScreenPath, resetToRoot, showAuthScreen, showSetUpRoot, startLocation } from './services/browserHistory.ts';
import { cacheKeyPrefix, clearAll } from './services/persistedStore.ts';
import { createAppServices } from './root/appServices.ts';
import { brandAndDeviceActors } from './root/brandAndDeviceActors.ts';
import { sessionActors } from './root/sessionActors.ts';
import { contentActors } from './root/contentActors.ts';

/**
 * The composition root: the app machine with the real services behind its actors, one group of
 * children per module in src/root/ (the brand and the device, the session, the content).
 */
export function provideAppMachine(config: ClientConfig, appUrl: string): { appMachine: typeof appMachine; services: Services } {
  const services = createAppServices(config, appUrl);
  const provided = appMachine.provide({
    actions: {
      resetUrl: resetToRoot,
      showSetUpUrl: showSetUpRoot,
      clearCaches: () => clearAll(cacheKeyPrefix),
      showAuthScreen: ({ event }) => {
        if (event.type === 'app.authScreenWanted') showAuthScreen(event.screen);
      },
    },
    actors: everyActor({ ...brandAndDeviceActors(services), ...sessionActors(services), ...contentActors(services) }),
  });
  const { api, identity, container, analytics } = services;
  return { appMachine: provided, services: { api, identity, container, analytics } };
}

type AppActors = Required<NonNullable<Parameters<typeof appMachine.provide>[0]['actors']>>;

/** Every actor of the app machine, and nothing it does not have (a spread escapes TypeScript's check for unknown keys). */
function everyActor<T extends AppActors>(actors: T & Record<Exclude<keyof T, keyof AppActors>, never>): AppActors {
  return actors;
}

/** What the app machine needs to know about this browser at start. */
export function appInput(config: ClientConfig): AppInput {
  // The window's width decides with the device: the same media query as the skeleton's CSS, so the app
  // draws the layout the first paint showed (server/shell/skeleton.ts).
  // After start the layout follows the window (machines/layout.machine.ts).
  const wideWindow = window.matchMedia(media.desktopLayout).matches;
  const desktopDevice = isDesktopLayout(detectDeviceProfile(readDeviceInput(window)));
  return {
    layout: desktopDevice && wideWindow ? 'desktop' : 'mobile',
    desktopDevice,
    noDesktop: config.noDesktop,
    startsOnAuthScreen: isAuthScreenPath(window.location.pathname),
    navigation: (brand: Brand, returnPath: string | null, layout: Layout) => {
      const { resolve, stackRoots } = createResolver({ settings: brand.settings, testMode: config.development || brand.settings.testMode === true });
      // Desktop shows one page at a time; mobile stacks pages that slide in like a native app.
      return { resolve, stackRoots, location: startLocation(returnPath), stacked: layout === 'mobile' };
    },
  };
}
