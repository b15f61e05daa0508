import { useId } from 'react';
import { useSelector } from '@xstate/react';
import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { sameViewValues } from '../../appActor.ts';
import { Button } from '../../components/Button.tsx';
import { errorMessage } from '../../i18n/errorMessages.ts';
import { formatEventTime } from '../../i18n/format.ts';
import { connectSaleQueue, type SaleQueueRef, type SaleQueueView } from './saleQueue.connect.ts';
import * as styles from './purchase.css.ts';

/**
 * The sale queue of the chosen evening when it has an on-sale time (issue 39): the countdown to the
 * sale with its date and time, and where the member stands: the queue not open yet, their place
 * and an estimate, their turn (Buy works then), sold out. The place is told politely as it
 * changes; the countdown is a timer, which screen readers do not read out every second.
 */
export function SaleQueuePanel({ saleQueueRef }: { saleQueueRef: SaleQueueRef }) {
  const { t, i18n } = useLingui();
  const headingId = useId();
  const view = useSelector(saleQueueRef, (s) => connectSaleQueue(s, saleQueueRef), sameViewValues);
  if (view.status === 'hidden') return null;
  const saleAt = view.onSaleAt !== null ? formatEventTime(view.onSaleAt, i18n.locale) : '';
  const countdown = view.countdown;
  /** What the member is told of their place (the panel's live status). */
  const statusText = (): string => {
    const opensAt = view.opensAt !== null ? formatEventTime(view.opensAt, i18n.locale) : '';
    switch (view.status) {
      case 'visitor':
        return t`Sign in to take your place in the queue for this evening.`;
      case 'joining':
        return t`Taking your place in the queue…`;
      case 'closed':
        return t`The queue opens ${opensAt}, 15 minutes before the sale. Keep this page open to take your place in it.`;
      case 'waiting':
        return placeText(view);
      case 'admitted': {
        const minutes = view.turnMinutes ?? 10;
        return t({ message: plural(minutes, { one: 'It’s your turn: check out within # minute.', other: 'It’s your turn: check out within # minutes.' }) });
      }
      case 'soldOut':
        return t`Sold out: every ticket for this evening has been taken.`;
      case 'left':
        return t`You left the queue.`;
      case 'failed':
        return t`Your place in the queue could not be checked. Trying again…`;
      default:
        return '';
    }
  };
  const placeText = ({ position, estimateSeconds, saleStarted }: SaleQueueView): string => {
    if (!saleStarted || position === null) return t`You are in the queue. When the sale starts, everyone in it gets a place in random order.`;
    if (estimateSeconds === null) return t`You are number ${position} in the queue.`;
    if (estimateSeconds < 60) return t`You are number ${position} in the queue · less than a minute`;
    const minutes = Math.round(estimateSeconds / 60);
    return t({ message: plural(minutes, { one: `You are number ${position} in the queue · about # minute`, other: `You are number ${position} in the queue · about # minutes` }) });
  };
  return (
    <section className={styles.saleQueue} aria-labelledby={headingId} aria-busy={view.busy}>
      <h2 id={headingId} className={styles.label}>
        {t`Sale queue`}
      </h2>
      {view.saleStarted ? null : (
        <>
          {countdown ? (
            <p role="timer" className={styles.countdown}>
              {t`On sale in ${countdown}`}
            </p>
          ) : null}
          <p className={styles.value}>{t`Tickets go on sale ${saleAt}.`}</p>
        </>
      )}
      <p role="status" className={styles.value}>
        {statusText()}
      </p>
      {view.status === 'visitor' ? (
        <Button variant="secondary" onClick={view.signIn}>
          {t`Sign in to queue`}
        </Button>
      ) : null}
      {view.status === 'waiting' ? (
        <Button variant="text" disabled={view.busy} onClick={view.leave}>
          {t`Leave the queue`}
        </Button>
      ) : null}
      {view.status === 'left' ? (
        <Button variant="secondary" onClick={view.join}>
          {t`Queue again`}
        </Button>
      ) : null}
      {view.errorCode ? (
        <>
          <p role="alert" className={styles.notice}>
            {i18n._(errorMessage(view.errorCode))}
          </p>
          <Button variant="secondary" onClick={view.retry}>
            {t`Try again`}
          </Button>
        </>
      ) : null}
    </section>
  );
}
