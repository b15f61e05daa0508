import { randomInt } from 'node:crypto';
import type { Executor } from '../db/database.ts';
import { recordServerEvents } from '../analytics/bounds.ts';

const sessionAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const sessionGroup = () => Array.from({ length: 10 }, () => sessionAlphabet[randomInt(sessionAlphabet.length)]).join('');

/**
 * The booking widget runs none of the app's code, so the server records `booking_made` itself
 * (issue 27): the restaurant and the party size, never the guest's name, e-mail or phone. It is a
 * session of its own (the widget's page), in the spec's session-id shape.
 */
export async function recordBookingMade(db: Executor, booking: { brandId: string; restaurantId: string; partySize: number }, at: Date): Promise<void> {
  await recordServerEvents(db, booking.brandId, [
    {
      brandId: booking.brandId,
      eventName: 'booking_made',
      eventType: 'interaction',
      path: `/more/restaurant/s/${booking.restaurantId}`,
      sessionId: [sessionGroup(), sessionGroup(), sessionGroup()].join('-'),
      userId: null,
      clientAt: at,
      receivedAt: at,
      details: { restaurantId: booking.restaurantId, partySize: booking.partySize, source: 'booking widget' },
    },
  ]);
}
