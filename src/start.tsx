import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nProvider } from '@lingui/react';
import './theme/global.css.ts';
import { readClientConfig } from './config.ts';
import { activateLocale, i18n } from './i18n/i18n.ts';
import { startLanguage } from './services/languageChoice.ts';
import { appInput, provideAppMachine } from './compositionRoot.ts';
import { AppActor, WiringContext } from './appActor.ts';
import { App } from './App.tsx';
import { releaseSkeletonOnFirstScreen } from './wiring/shellSkeleton.ts';
import { registerServiceWorker } from './wiring/serviceWorker.ts';
import { nextTask } from './wiring/nextTask.ts';
import { contentRoutes } from './contentRoutes.ts';

// In a function, not top-level await: a top-level await anywhere turns off the bundler's merging of
// shared chunks, and the first load then fetches dozens of small chunks instead of the entry.
// Each step ends its task (`nextTask`): on a slow phone, together they held the page for long
// (total blocking time, docs/architecture.md "The first paint").
async function start() {
  await nextTask();
  const config = readClientConfig(import.meta.env, window.location.origin);
  const language = startLanguage(navigator.languages);
  await activateLocale(language.shown);
  await nextTask();
  const { appMachine, services } = provideAppMachine(config, window.location.origin);
  // Stately's inspector, only in `npm run dev` with VITE_INSPECT=true (left out of production builds).
  const inspect =
    import.meta.env.DEV && import.meta.env.VITE_INSPECT === 'true' ? await (await import('./devInspector.ts')).createDevInspector() : undefined;

  await nextTask();
  releaseSkeletonOnFirstScreen(document);
  const root = createRoot(document.getElementById('root')!);
  // A transition, so React draws the first tree in slices between which the browser can answer
  // input, not in one long task (the skeleton is on screen meanwhile).
  startTransition(() =>
    root.render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <WiringContext.Provider value={services}>
            <AppActor.Provider logic={appMachine} options={{ input: { ...appInput(config), language }, inspect }}>
              <App />
            </AppActor.Provider>
          </WiringContext.Provider>
        </I18nProvider>
      </StrictMode>,
    ),
  );

  registerServiceWorker();
  // Fetched beside the brand and the session; in by the time the app enters content. A failure
  // (offline) is tried again when the content is drawn, and told there.
  await nextTask();
  contentRoutes.preload().catch(() => {});
}

void start();
