import { useLingui } from '@lingui/react/macro';
import type { OrderItem } from '../../../contract/checkout.ts';
import type { CalendarRequest } from '../../../machines/addToCalendar.machine.ts';
import { AddToCalendar, type CalendarPlatform } from '../AddToCalendar.tsx';
import { onPlainClick } from '../../components/linkClick.ts';
import { calendarEventOfLine } from '../../../domain/calendarEvent.ts';
import { formatEventTime } from '../../i18n/format.ts';
import * as styles from './purchase.css.ts';

const ordersPath = '/more/orderHistory';

/** What the member bought of this event (spec 2.3 "once bought"): each evening with "Add to calendar", and where the tickets are. */
export function BoughtEvents({
  purchases,
  platform,
  onAdd,
  navigate,
}: {
  purchases: OrderItem[];
  platform: CalendarPlatform;
  onAdd: (request: CalendarRequest) => void;
  navigate: (path: string) => void;
}) {
  const { t, i18n } = useLingui();
  const events = purchases.flatMap((line) => {
    const event = line.itemVariantType === 'ticket' ? calendarEventOfLine(line) : null;
    return event ? [{ line, event }] : [];
  });
  if (events.length === 0) return null;
  return (
    <section className={styles.bought} aria-label={t`Your tickets`}>
      <h2 className={styles.label}>{t`Your tickets`}</h2>
      <ul className={styles.boughtList}>
        {events.map(({ line, event }) => (
          <li key={line.itemVariantId} className={styles.boughtItem}>
            <p className={styles.value}>
              {line.itemVariant.title}, {formatEventTime(event.start, i18n.locale)}
            </p>
            <AddToCalendar event={event} uid={`${line.offerId}-${line.itemVariantId}@klubb`} platform={platform} onAdd={onAdd} />
          </li>
        ))}
      </ul>
      <a className={styles.link} href={ordersPath} onClick={onPlainClick(() => navigate(ordersPath))}>
        {t`Show my tickets`}
      </a>
    </section>
  );
}
