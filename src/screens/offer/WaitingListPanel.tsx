import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { formatEventTime } from '../../i18n/format.ts';
import { connectWaitingList, type WaitingListRef } from './waitingList.connect.ts';
import * as styles from './purchase.css.ts';

/**
 * The waiting list of the selected, sold-out variant (spec 5): join it; see the place in line;
 * a place held until a time (buy it above, or give it up); an offer that passed on (join again).
 */
export function WaitingListPanel({ waitingListRef }: { waitingListRef: WaitingListRef }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const view = useSelector(waitingListRef, (s) => connectWaitingList(s, waitingListRef), sameViewValues);
  if (view.status === 'hidden') return null;
  const until = view.offeredUntil !== null ? formatEventTime(view.offeredUntil, i18n.locale) : '';
  const texts = {
    canJoin: t`Join the waiting list: when a place frees up, the first member in line gets it held for them and an e-mail.`,
    waiting: view.place === null ? t`You are on the waiting list.` : t`You are number ${view.place} in line.`,
    offered: t`A place is held for you until ${until}. Buy it before then, or give it up for the next in line.`,
    expired: t`The place held for you was not bought in time and has passed to the next in line.`,
  };
  return (
    <section className={styles.waitingList} aria-labelledby={headingId} aria-busy={view.busy}>
      <h2 id={headingId} className={styles.label}>
        {t`Waiting list`}
      </h2>
      <p role="status" className={styles.value}>
        {texts[view.status]}
      </p>
      {view.status === 'canJoin' || (view.status === 'expired' && view.soldOut) ? (
        <Button variant="secondary" disabled={view.busy} onClick={view.join}>
          {view.status === 'expired' ? t`Join the waiting list again` : t`Join the waiting list`}
        </Button>
      ) : null}
      {view.status === 'waiting' ? (
        <Button variant="secondary" disabled={view.busy} onClick={view.leave}>
          {t`Leave the waiting list`}
        </Button>
      ) : null}
      {view.status === 'offered' ? (
        <Button variant="text" disabled={view.busy} onClick={view.leave}>
          {t`Give up my place`}
        </Button>
      ) : null}
      {view.errorCode ? (
        <p role="alert" className={styles.notice}>
          {i18n._(errorMessage(view.errorCode))}
        </p>
      ) : null}
    </section>
  );
}
