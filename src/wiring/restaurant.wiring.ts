import { fromPromise } from 'xstate';
import { restaurantMachine, type RestaurantInput } from '../../machines/restaurant.machine.ts';
import { getRestaurant, getRestaurantMapSettings } from '../api/restaurants.ts';
import { cachedMapSettings, cachedRestaurant } from '../services/restaurantCache.ts';
import { RestaurantScreen } from '../screens/restaurant/RestaurantScreen.tsx';
import { wireMapsLibrary } from './maps.wiring.ts';
import { wired, type WiringDeps } from './wired.tsx';
import { retryWhenOnline } from './retryWhenOnline.ts';

/** /more/restaurant/s/:id: the restaurant (from the cached list when it holds it), the map settings, the maps library. */
export function wireRestaurant({ api, app }: WiringDeps) {
  return {
    logic: restaurantMachine.provide({
      actors: {
        retryWhenOnline,
        loadRestaurant: fromPromise(({ input }: { input: RestaurantInput }) => cachedRestaurant(input.language, input.id, () => getRestaurant(api, input.id))),
        loadMapSettings: fromPromise(() => cachedMapSettings(() => getRestaurantMapSettings(api))),
        mapsLibrary: wireMapsLibrary(app),
      },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when a restaurant's page first shows. */
export const WiredRestaurantScreen = wired(RestaurantScreen, wireRestaurant);
