import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { myWaitingListsMachine } from '../../../machines/myWaitingLists.machine.ts';
import type { MemberWaitingListPlace } from '../../../contract/waitingList.ts';
import { sameViewValues } from '../../appActor.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { formatEventDate, formatEventTime } from '../../i18n/format.ts';
import { AppLink } from '../../navigation/AppLink.tsx';
import { LoadFailure } from '../LoadFailure.tsx';
import { connectMyWaitingLists, offerPathOf } from './myWaitingLists.connect.ts';
import * as styles from './myWaitingLists.css.ts';

/** /more/waitingLists: the member's places in line and held places, each with a link to its offer. */
export function MyWaitingListsScreen({ logic }: { logic: typeof myWaitingListsMachine }) {
  const { t } = useLingui();
  const ref = useActorRef(logic);
  const view = useSelector(ref, (s) => connectMyWaitingLists(s, ref), sameViewValues);
  return (
    <main className={styles.page} aria-busy={view.status === 'loading'}>
      <h1 className={styles.heading}>{t`My waiting lists`}</h1>
      {view.status === 'loading' ? <Spinner /> : null}
      {view.status === 'failed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {view.status === 'empty' ? (
        <p className={styles.muted}>{t`You are on no waiting list. When an evening is sold out, you can join its waiting list on the offer.`}</p>
      ) : null}
      {view.status === 'listed' ? (
        <ul className={styles.places} aria-label={t`Your places`}>
          {view.places.map((place) => (
            <Place key={place.itemVariantId} place={place} />
          ))}
        </ul>
      ) : null}
    </main>
  );
}

function Place({ place }: { place: MemberWaitingListPlace }) {
  const { t, i18n } = useLingui();
  const until = place.offeredUntil !== null ? formatEventTime(place.offeredUntil, i18n.locale) : '';
  const status = {
    waiting: place.place === null ? t`You are on the waiting list.` : t`You are number ${place.place} in line.`,
    offered: t`A place is held for you until ${until}. Buy it on the offer before then.`,
    expired: t`The place held for you was not bought in time. You can join the waiting list again on the offer.`,
  }[place.status];
  const when = [place.dateStart !== null ? formatEventDate(place.dateStart, i18n.locale) : null, place.city].filter(Boolean).join(', ');
  return (
    <li className={styles.place}>
      <h2 className={styles.offerTitle}>
        <AppLink href={offerPathOf(place)} className={styles.offerLink}>
          {place.offerTitle}
        </AppLink>
      </h2>
      <p className={styles.muted}>{when ? `${place.variantTitle} · ${when}` : place.variantTitle}</p>
      <p className={styles.status}>{status}</p>
    </li>
  );
}
