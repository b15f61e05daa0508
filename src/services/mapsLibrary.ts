/// <reference types="google.maps" />
import { importLibrary, setOptions } from '@googlemaps/js-api-loader';
import type { MapsLibrary } from '../../machines/mapsLibrary.machine.ts';

export interface MapsLibraryOptions {
  /** The brand's browser key from the map settings. */
  apiKey: string;
  /** The app's language: the map's labels and controls speak it. */
  language: string;
}

/** Google's code for Norwegian Bokmål is "no"; en and sv are the same as ours. */
const mapsLanguage = (language: string) => (language === 'nb' ? 'no' : language);

/** The options the loader was set up with: it takes them once per page load. */
let configured: MapsLibraryOptions | null = null;

/**
 * The Maps JavaScript API's map and marker libraries (spec 7). The loader is set up once, with
 * the first key and language asked for; a later call with others gets the library already set
 * up (the script loads once per page). A failed load rejects, and the next call tries again.
 */
export async function loadMapsLibrary(options: MapsLibraryOptions): Promise<MapsLibrary> {
  if (!configured) {
    setOptions({ key: options.apiKey, language: mapsLanguage(options.language) });
    configured = options;
  }
  // The core library (LatLng, Size) comes with the script; asking for it costs nothing.
  const [core, maps, marker] = await Promise.all([importLibrary('core'), importLibrary('maps'), importLibrary('marker')]);
  return { core, maps, marker };
}
