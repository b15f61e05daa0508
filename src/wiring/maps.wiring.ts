import { fromCallback, fromPromise } from 'xstate';
import { mapsLibraryMachine, type MapsLibraryEvent } from '../../machines/mapsLibrary.machine.ts';
import { appChild, type AppRef } from '../appActor.ts';
import { loadMapsLibrary } from '../services/mapsLibrary.ts';

/** The stack the restaurant guide lives on. */
const moreStack = '/more';

/**
 * Tells the maps library's machine when /more is, or becomes, the active stack (spec 2.1), and
 * when it stops being: a page kept mounted on /more while the member is on another tab loads no
 * map. Without a navigator (the page shown on its own) nothing holds the map back.
 */
export function moreStackWatcher(app: AppRef) {
  return fromCallback<MapsLibraryEvent>(({ sendBack }) => {
    const navigator = appChild(app.getSnapshot(), 'navigator');
    if (!navigator) {
      sendBack({ type: 'mapsLibrary.stackActive' });
      return;
    }
    let last: boolean | null = null;
    const tell = (active: string) => {
      const isMore = active === moreStack;
      if (isMore === last) return;
      last = isMore;
      sendBack({ type: isMore ? 'mapsLibrary.stackActive' : 'mapsLibrary.stackInactive' });
    };
    tell(navigator.getSnapshot().context.active);
    const subscription = navigator.subscribe((snapshot) => tell(snapshot.context.active));
    return () => subscription.unsubscribe();
  });
}

/** The maps library for a restaurant screen's machine: the loader, held back while /more is not the active stack. */
export const wireMapsLibrary = (app: AppRef) =>
  mapsLibraryMachine.provide({
    actors: {
      loadMapsLibrary: fromPromise(({ input }: { input: { apiKey: string; language: string } }) => loadMapsLibrary(input)),
      watchActiveStack: moreStackWatcher(app),
    },
  });
