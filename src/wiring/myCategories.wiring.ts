import { fromPromise } from 'xstate';
import { myCategoriesMachine } from '../../machines/myCategories.machine.ts';
import { updateFavouriteCategories } from '../api/user.ts';
import { rememberUser } from '../services/memberCache.ts';
import { MyCategoriesScreen } from '../screens/myCategories/MyCategoriesScreen.tsx';
import { wired, type WiringDeps } from './wired.tsx';

/** /more/categories: saves the member's favourites and tells the app, whose feed filters by them. */
export function wireMyCategories({ api, app }: WiringDeps) {
  return {
    logic: myCategoriesMachine.provide({
      actors: {
        saveFavourites: fromPromise(({ input }: { input: { categoryIdList: string[] } }) => updateFavouriteCategories(api, input)),
      },
      actions: {
        tellSaved: (_, categoryIdList) => {
          const user = app.getSnapshot().context.member?.user;
          // A reload within the user cache's lifetime shows the saved favourites, not the ones before.
          if (user) rememberUser({ ...user, favouriteCategoryIdList: categoryIdList });
          app.send({ type: 'app.favouritesSaved', categoryIdList });
        },
      },
    }),
  };
}

/** The screen with its wiring: one lazy chunk, loaded when /more/categories first shows. */
export const WiredMyCategoriesScreen = wired(MyCategoriesScreen, wireMyCategories);
