import { fromCallback, fromPromise } from 'xstate';
import type { AppEvent } from '../../machines/app.rules.ts';
import { appStartMachine } from '../../machines/appStart.machine.ts';
import { connectionMachine, type ConnectionEvent } from '../../machines/connection.machine.ts';
import { layoutMachine, type LayoutEvent } from '../../machines/layout.machine.ts';
import { languageMachine, type Language } from '../../machines/language.machine.ts';
import { getBrand } from '../api/brand.ts';
import { updateUser } from '../api/profile.ts';
import { rememberBrand, savedBrand } from '../services/brandCache.ts';
import { observeConnection } from '../services/connection.ts';
import { observeWindowWidth } from '../services/windowWidth.ts';
import { rememberUser } from '../services/memberCache.ts';
import { rememberDeviceChoice } from '../services/languageChoice.ts';
import { activateLocale } from '../i18n/i18n.ts';
import { media } from '../theme/breakpoints.ts';
import type { AppServices } from './appServices.ts';

/**
 * The app's children that live all page long, whoever is signed in: the brand (loaded, saved for
 * offline, reloaded in a new language), the container's version, the connection, the window's
 * layout and the app's language.
 */
export function brandAndDeviceActors({ api, container, startBrand }: AppServices) {
  return {
    appStart: appStartMachine.provide({
      actors: {
        loadBrand: fromPromise(async () => {
          const brand = await getBrand(api);
          rememberBrand(brand);
          return startBrand(brand);
        }),
        loadSavedBrand: fromPromise(async () => startBrand(await savedBrand())),
        loadContainerVersion: fromPromise(() => container.version()),
      },
    }),
    reloadBrand: fromCallback(({ sendBack }) => {
      let current = true;
      getBrand(api).then(
        (brand) => {
          rememberBrand(brand);
          if (current) sendBack({ type: 'app.brandReloaded', brand } satisfies AppEvent);
        },
        // The tabs keep their labels in the language before; the next change asks again.
        (error) => console.warn('The brand could not be loaded in the new language', error),
      );
      return () => void (current = false);
    }),
    connection: connectionMachine.provide({
      actors: { watchConnection: fromCallback<ConnectionEvent>(({ sendBack }) => observeConnection(window, sendBack)) },
    }),
    layout: layoutMachine.provide({
      actors: { watchWindowWidth: fromCallback<LayoutEvent>(({ sendBack }) => observeWindowWidth(window, media.desktopLayout, sendBack)) },
    }),
    language: languageMachine.provide({
      actors: {
        showLanguage: fromPromise(({ input }: { input: { language: Language } }) => activateLocale(input.language)),
        saveLanguage: fromPromise(async ({ input, signal }: { input: { language: Language }; signal: AbortSignal }) => {
          const user = await updateUser(api, { language: input.language });
          // Not after the member signed out meanwhile (the save's actor stopped): sign-out cleared the cache.
          if (!signal.aborted) rememberUser(user);
          return user;
        }),
      },
      actions: {
        rememberChoice: (_, choice) => rememberDeviceChoice(choice),
        // The member keeps the language on this device; their record (and their mails) catch up on the next load.
        logSaveFailure: (_, { error }) => console.warn('The language could not be saved on the member', error),
      },
    }),
  };
}
