import { fromPromise } from 'xstate';
import { restaurantMapMachine } from '../../machines/restaurantMap.machine.ts';
import { getRestaurantMapSettings, getRestaurants } from '../api/restaurants.ts';
import { currentPosition } from '../services/geolocation.ts';
import { persistedStore } from '../services/persistedStore.ts';
import { cachedMapSettings, cachedRestaurants } from '../services/restaurantCache.ts';
import { RestaurantMapScreen } from '../screens/restaurant/RestaurantMapScreen.tsx';
import { wireMapsLibrary } from './maps.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** Per brand and member, outside the cache prefix: sign-out does not bring the pop-up back. */
function infoSeenStore(app: WiringDeps['app']) {
  const { brand, member } = app.getSnapshot().context;
  return brand && member ? persistedStore<boolean>({ key: `klubb.restaurantInfoSeen.${brand.id}.${member.user.id}` }) : null;
}

/** /more/restaurant: the restaurants and the role's map settings through their caches, the maps library, the device's location. */
export function wireRestaurantMap({ api, app }: WiringDeps) {
  const seen = infoSeenStore(app);
  return {
    logic: restaurantMapMachine.provide({
      actors: {
        retryWhenOnline,
        loadGuide: fromPromise(async ({ input }: { input: { language: string } }) => {
          const [restaurants, settings] = await Promise.all([
            cachedRestaurants(input.language, () => getRestaurants(api)),
            cachedMapSettings(() => getRestaurantMapSettings(api)),
          ]);
          return { restaurants, settings };
        }),
        mapsLibrary: wireMapsLibrary(app),
        locate: fromPromise(() => currentPosition()),
      },
      actions: { markInfoSeen: () => seen?.write(true) },
    }),
    infoSeen: seen?.read() === true,
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/restaurant first shows. */
export const WiredRestaurantMapScreen = wired(RestaurantMapScreen, wireRestaurantMap);
