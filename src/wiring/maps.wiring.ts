import { fromCallback, fromPromise, type EventObject } from 'xstate';
import { appChild, type AppRef } from '../appActor.ts';
import { loadMapsLibrary } from '../services/mapsLibrary.ts';

/** The stack the restaurant guide lives on. */
const moreStack = '/more';

/**
 * Tells a restaurant screen's machine (with `event`) when /more is, or becomes, the active stack
 * (spec 2.1): a page kept mounted on /more while the member is on another tab loads no map.
 * Without a navigator (the page shown on its own) nothing holds the map back.
 */
export function moreStackWatcher<E extends EventObject>(app: AppRef, event: E) {
  return fromCallback<E>(({ sendBack }) => {
    const navigator = appChild(app.getSnapshot(), 'navigator');
    if (!navigator) {
      sendBack(event);
      return;
    }
    const tell = (active: string) => {
      if (active === moreStack) sendBack(event);
    };
    tell(navigator.getSnapshot().context.active);
    const subscription = navigator.subscribe((snapshot) => tell(snapshot.context.active));
    return () => subscription.unsubscribe();
  });
}

/** The maps service for a restaurant screen's machine. */
export const mapsLibraryActor = () => fromPromise(({ input }: { input: { apiKey: string; language: string } }) => loadMapsLibrary(input));
