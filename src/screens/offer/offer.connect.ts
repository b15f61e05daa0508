import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { offerPageMachine } from '../../../machines/offerPage.machine.ts';

export type OfferPageRef = ActorRefFrom<typeof offerPageMachine>;

/** What the page shows: the offer, a skeleton, or one of the spec's failures. */
export type OfferPageStatus = 'loading' | 'loaded' | 'notFound' | 'notRelevant' | 'needsSignIn' | 'failed';

function statusOf(snapshot: SnapshotFrom<typeof offerPageMachine>): OfferPageStatus {
  if (snapshot.matches('loaded')) return 'loaded';
  if (snapshot.matches({ failed: 'notFound' })) return 'notFound';
  if (snapshot.matches({ failed: 'notRelevant' })) return 'notRelevant';
  if (snapshot.matches({ failed: 'needsSignIn' })) return 'needsSignIn';
  if (snapshot.matches('failed')) return 'failed';
  return 'loading';
}

export function connectOfferPage(snapshot: SnapshotFrom<typeof offerPageMachine>, ref: OfferPageRef) {
  const { offer, categories, error } = snapshot.context;
  const categoryId = offer?.categoryId;
  return {
    status: statusOf(snapshot),
    offer,
    categoryName: (categoryId && categories?.record[categoryId]?.name) || null,
    errorCode: error?.code ?? null,
    canRetry: snapshot.can({ type: 'offer.retry' }),
    retry: () => ref.send({ type: 'offer.retry' }),
    /** The promo rows' actors while the offer is shown (stable references, for the view's selectors). */
    uniquePromoRef: snapshot.children.promoClaim,
    commonPromoRef: snapshot.children.commonPromo,
    clipboardRef: snapshot.children.clipboard,
  };
}

export type OfferPageView = ReturnType<typeof connectOfferPage>;
