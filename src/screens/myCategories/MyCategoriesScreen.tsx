import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { myCategoriesMachine } from '../../../machines/myCategories.machine.ts';
import { AppActor, appChild, sameViewValues, type CategoriesRef } from '../../appActor.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { connectBrandCategories, connectMyCategories } from './myCategories.connect.ts';
import * as styles from './myCategories.css.ts';

/** /more/categories: the brand's categories as toggles; the member's favourites are checked. */
export function MyCategoriesScreen({ logic }: { logic: typeof myCategoriesMachine }) {
  const categoriesRef = AppActor.useSelector((s) => appChild(s, 'categories'));
  // The list the member had when the page opened; from then on the page's machine keeps it.
  const favouriteIds = AppActor.useSelector((s) => s.context.member?.user.favouriteCategoryIdList ?? []);
  return <MyCategories logic={logic} categoriesRef={categoriesRef} favouriteIds={favouriteIds} />;
}

export function MyCategories({
  logic,
  categoriesRef,
  favouriteIds,
}: {
  logic: typeof myCategoriesMachine;
  categoriesRef: CategoriesRef | undefined;
  favouriteIds: string[];
}) {
  const { t } = useLingui();
  const ref = useActorRef(logic, { input: { favouriteIds } });
  const view = useSelector(ref, (s) => connectMyCategories(s, ref), sameViewValues);
  const brand = useSelector(categoriesRef, (s) => connectBrandCategories(s, categoriesRef), sameViewValues);
  return (
    <main className={styles.page} aria-busy={brand.status === 'loading'}>
      <h1 className={styles.heading}>{t`My categories`}</h1>
      {brand.status === 'loading' && <Spinner />}
      {brand.status === 'failed' && <LoadFailure errorCode={null} onRetry={brand.retry} />}
      {brand.status === 'loaded' && brand.categories.length === 0 && <p className={styles.muted}>{t`There are no categories to choose from yet.`}</p>}
      {brand.status === 'loaded' && brand.categories.length > 0 && (
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t`Choose the categories you like. The feed can show only offers in them.`}</legend>
          {brand.categories.map((category) => (
            <label key={category.id} className={styles.option}>
              <input
                type="checkbox"
                className={styles.control}
                checked={view.chosen.includes(category.id)}
                onChange={() => view.toggle(category.id)}
              />
              <span>{category.name}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div role="alert">{view.failed && <p className={styles.error}>{t`Your categories could not be saved. Please try again.`}</p>}</div>
    </main>
  );
}
