import type { SnapshotFrom } from 'xstate';
import type { myCategoriesMachine } from '../../../machines/myCategories.machine.ts';
import type { categoriesMachine } from '../../../machines/categories.machine.ts';
import type { CategoriesRef } from '../../appActor.ts';
import type { ActorRefFrom } from 'xstate';

type MyCategoriesRef = ActorRefFrom<typeof myCategoriesMachine>;

/** The brand's categories as the app loaded them (machines/categories.machine.ts). */
export function connectBrandCategories(snapshot: SnapshotFrom<typeof categoriesMachine> | undefined, ref: CategoriesRef | undefined) {
  return {
    status: !snapshot ? 'loading' : snapshot.matches('failed') ? 'failed' : snapshot.matches('loaded') ? 'loaded' : 'loading',
    categories: snapshot?.context.categories ?? [],
    retry: () => ref?.send({ type: 'categories.retry' }),
  } as const;
}

export function connectMyCategories(snapshot: SnapshotFrom<typeof myCategoriesMachine>, ref: MyCategoriesRef) {
  return {
    chosen: snapshot.context.chosen,
    saving: snapshot.hasTag('busy'),
    failed: snapshot.matches('failed'),
    toggle: (categoryId: string) => ref.send({ type: 'myCategories.toggled', categoryId }),
  };
}
