import type { ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { ordersMachine } from '../../../machines/orders.machine.ts';
import type { Order, OrderItem, Ticket } from '../../../contract/checkout.ts';
import type { CalendarRequest } from '../../../machines/addToCalendar.machine.ts';
import { AddToCalendar, type CalendarPlatform } from '../AddToCalendar.tsx';
import { QrCode } from '../../components/QrCode.tsx';
import { calendarEventOfLine } from '../../../domain/calendarEvent.ts';
import { sameViewValues } from '../../appActor.ts';
import { Spinner } from '../../components/Spinner.tsx';
import { formatDay, formatEventDate, formatMoney, formatPercent } from '../../i18n/format.ts';
import { connectOrders } from './orders.connect.ts';
import * as styles from './orders.css.ts';
import { LoadFailure } from '../LoadFailure.tsx';

/** What each order line needs besides the line: its tickets and how to add its event to a calendar. */
interface LineExtras {
  calendarPlatform: CalendarPlatform;
  onAddToCalendar: (request: CalendarRequest) => void;
}

/**
 * /more/orderHistory (spec 2.3): the member's orders as expandable panels, newest first; each
 * ticket's QR code for the door, and "Add to calendar" per event.
 */
export function OrdersScreen({ logic, calendarPlatform }: { logic: typeof ordersMachine; calendarPlatform: CalendarPlatform }) {
  const { t } = useLingui();
  const ref = useActorRef(logic);
  const view = useSelector(ref, (s) => connectOrders(s, ref), sameViewValues);
  return (
    <main className={styles.page} aria-busy={view.status === 'loading'}>
      <h1 className={styles.heading}>{t`My orders`}</h1>
      {view.status === 'loading' ? <Spinner /> : null}
      {view.status === 'failed' ? <LoadFailure errorCode={view.errorCode} onRetry={view.retry} /> : null}
      {view.status === 'empty' ? <p className={styles.muted}>{t`You have no orders yet.`}</p> : null}
      {view.status === 'listed' ? (
        <ul className={styles.orders} aria-label={t`Orders`}>
          {view.orders.map((order) => (
            <OrderPanel
              key={order.id}
              order={order}
              open={view.openOrderIds.includes(order.id)}
              onToggle={() => view.toggle(order.id)}
              extras={{ calendarPlatform, onAddToCalendar: view.addToCalendar }}
            />
          ))}
        </ul>
      ) : null}
    </main>
  );
}

function OrderPanel({ order, open, onToggle, extras }: { order: Order; open: boolean; onToggle: () => void; extras: LineExtras }) {
  const { t, i18n } = useLingui();
  const money = (amount: number) => formatMoney(amount, order.currency, i18n.locale);
  const purchaseDay = formatDay(order.createdAt, i18n.locale);
  const panelId = `order-${order.id}`;
  // The member sees the short reference, once; the id stays internal (no reference: no number at all).
  const title = order.reference ? t`Order ${order.reference}` : t`Order of ${purchaseDay}`;
  // What was bought, so the row names the evening and not only a reference (issue 41).
  const [first, ...others] = order.itemList;
  const bought = first ? (others.length > 0 ? t`${first.offerTitle} + ${others.length} more` : first.offerTitle) : null;
  // Cancelled by the operator or refunded at the payment provider: either way its tickets are void.
  const cancelled = order.status === 'cancelled' || order.status === 'refunded';
  const dayAndStatus = { paid: purchaseDay, cancelled: t`${purchaseDay}, cancelled`, refunded: t`${purchaseDay}, refunded` }[order.status];
  const paymentMethods: Record<Order['paymentMethod'], string> = {
    card: t`Card payment`,
    invoice: t`Invoice`,
    interest_registration: t`Interest registration`,
    card_net_bank: t`Card/net bank`,
  };
  return (
    <li className={styles.panel}>
      <h2 className={styles.panelHeading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={panelId} onClick={onToggle}>
          <span className={styles.toggleTitle}>
            <span>{order.reference ? title : t`Order`}</span>
            {bought ? <span className={styles.toggleBought}>{bought}</span> : null}
            <span className={styles.toggleDay}>{dayAndStatus}</span>
          </span>
          <span>{money(order.amount)}</span>
        </button>
      </h2>
      <div id={panelId} role="region" aria-label={title} hidden={!open} className={styles.details}>
        <dl className={styles.facts}>
          <Fact term={t`Payment method`} value={paymentMethods[order.paymentMethod]} />
          <Fact term={t`Amount`} value={money(order.amount)} />
          {order.taxList.map((tax) => (
            <Fact key={tax.taxRateId} term={t`incl. VAT ${formatPercent(tax.percentage, i18n.locale)}`} value={money(tax.amount)} />
          ))}
          {order.additionalInfo ? <Fact term={t`Additional info`} value={order.additionalInfo} /> : null}
          <Fact term={t`Purchase day`} value={purchaseDay} />
          {order.status === 'cancelled' ? <Fact term={t`Status`} value={t`Cancelled and refunded; its tickets are no longer valid.`} /> : null}
          {order.status === 'refunded' ? <Fact term={t`Status`} value={t`Refunded; its tickets are no longer valid.`} /> : null}
        </dl>
        <ul className={styles.lines} aria-label={t`What you bought`}>
          {order.itemList.map((line, i) => (
            <OrderLine
              key={line.itemVariantId}
              line={line}
              // A cancelled or refunded order's tickets are void: no codes to show, no evening to add.
              tickets={cancelled ? [] : order.ticketList.filter((ticket) => ticket.lineNo === i + 1)}
              cancelled={cancelled}
              calendarUid={`${order.id}-${i + 1}@klubb`}
              extras={extras}
            />
          ))}
        </ul>
      </div>
    </li>
  );
}

function OrderLine(props: { line: OrderItem; tickets: Ticket[]; calendarUid: string; extras: LineExtras; cancelled: boolean }) {
  const { line, tickets, calendarUid, extras, cancelled } = props;
  const { t, i18n } = useLingui();
  const { itemVariant: variant } = line;
  const event = line.itemVariantType === 'ticket' && !cancelled ? calendarEventOfLine(line) : null;
  const place = variant.location ? `${variant.location.address}, ${variant.location.zipCode} ${variant.location.city}` : null;
  return (
    <li>
      <dl className={styles.facts}>
        <Fact term={t`Event`} value={line.offerTitle} />
        <Fact term={t`Name`} value={variant.title} />
        {place ? (
          <Fact
            term={t`Location`}
            value={
              variant.location!.mapUrl ? (
                <a className={styles.link} href={variant.location!.mapUrl} target="_blank" rel="noreferrer">
                  {place}
                </a>
              ) : (
                place
              )
            }
          />
        ) : null}
        {variant.date.start !== null ? <Fact term={t`Date`} value={formatEventDate(variant.date.start, i18n.locale)} /> : null}
        <Fact term={line.itemVariantType === 'ticket' ? t`Number of tickets` : t`Quantity`} value={String(line.quantity)} />
      </dl>
      {event ? <AddToCalendar event={event} uid={calendarUid} platform={extras.calendarPlatform} onAdd={extras.onAddToCalendar} /> : null}
      {tickets.length > 0 ? (
        <ul className={styles.tickets} aria-label={t`Tickets for ${line.offerTitle}: ${variant.title}`}>
          {tickets.map((ticket) => {
            const label = t`Ticket ${ticket.unitNo} of ${line.quantity}: ${line.offerTitle}, ${variant.title}. Show this QR code at the door.`;
            return (
              <li key={ticket.id} className={styles.ticket}>
                <QrCode className={styles.ticketCode} content={ticket.code} label={label} level="M" />
                {/* What the door staff and the member read under the code; the code's label says it to screen readers. */}
                <p className={styles.ticketCaption} aria-hidden="true">
                  <strong>{t`Ticket ${ticket.unitNo} of ${line.quantity}`}</strong>
                  <span>{line.offerTitle}</span>
                  <span>{variant.title}</span>
                </p>
              </li>
            );
          })}
        </ul>
      ) : null}
    </li>
  );
}

function Fact({ term, value }: { term: string; value: ReactNode }) {
  return (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value}>{value}</dd>
    </>
  );
}
