import { recordBookingMade } from './bookingAnalytics.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../domain/language.ts';
import { addressKey } from '../addresses.ts';
import type { Database } from '../db/database.ts';
import type { MailBrand } from '../mail/mail.ts';
import type { MailQueue } from '../mail/queue.ts';
import { tableBookingMail } from '../mail/tableBookingMail.ts';
import { findVisibleRestaurant } from '../repositories/restaurants.repository.ts';
import { takeRateLimits } from '../repositories/rateLimits.repository.ts';
import {
  cancelTableBooking,
  coversBooked,
  findTableBookingByTokenHash,
  insertTableBooking,
  type TableBookingRow,
} from '../repositories/tableBookings.repository.ts';
import { instantOf, isSeatingAhead, usableSettings } from './seatings.ts';

/**
 * Bookings one client address may make per window, and one guest e-mail per day (the widget takes
 * no sign-in: the e-mail limit keeps a stranger from mailing someone the brand's confirmations).
 */
export interface TableBookingLimits {
  bookingsPerAddress: number;
  windowMs: number;
  bookingsPerGuestEmail: number;
  guestWindowMs: number;
}

export const defaultTableBookingLimits: TableBookingLimits = {
  bookingsPerAddress: 10,
  windowMs: 15 * 60_000,
  bookingsPerGuestEmail: 5,
  guestWindowMs: 24 * 60 * 60_000,
};

/** Ends the booking's transaction without a booking: nothing it counted or wrote stays. */
class NotBooked extends Error {
  constructor(readonly outcome: BookingOutcome) {
    super('not booked');
  }
}

export interface TableBookingDeps {
  db: Database;
  mail: MailQueue;
  now: () => number;
  limits: TableBookingLimits;
}

export const hashCancelToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface TableRequest {
  brandId: string;
  restaurantId: string;
  date: string;
  clock: string;
  timeZone: string;
  partySize: number;
  guestName: string;
  guestEmail: string;
  guestPhone: string;
  language: Language;
  clientAddress: string;
  /** Where the mail's cancel link points (`{origin}/booking/cancel/{token}`). */
  linkOrigin: string;
  brand: MailBrand;
  /** Record `booking_made` for the brand's analytics (off when the brand disabled analytics). */
  analytics: boolean;
  /** The restaurant's address as the mail prints it. */
  address: string;
}

export type BookingOutcome =
  | { ok: true; booking: TableBookingRow }
  /** `notASeating`: no seating of the day at that time (or it has passed); `full`: no room for the party. */
  | { ok: false; reason: 'notASeating' | 'full' | 'gone' }
  | { ok: false; reason: 'tooMany'; retryAfterSeconds: number; limitedBy: 'address' | 'guest' };

/**
 * Books the table, or refuses. One transaction counts the address's booking, locks the
 * restaurant's row (so bookings of one restaurant are counted one after another, on every
 * instance), checks the seating against the settings and the covers not cancelled, inserts, and
 * queues the confirmation: a booking and its mail commit together or not at all.
 */
export async function bookTable(deps: TableBookingDeps, request: TableRequest): Promise<BookingOutcome> {
  const { db, mail, now, limits } = deps;
  const token = randomBytes(32).toString('base64url');
  let outcome: BookingOutcome;
  try {
    outcome = await db.transaction(async (tx): Promise<BookingOutcome> => {
      const at = now();
      const counted = await takeRateLimits(
        tx,
        [
          { bucket: 'table-booking', key: addressKey(request.clientAddress), max: limits.bookingsPerAddress, windowMs: limits.windowMs },
          { bucket: 'table-booking-guest', key: request.guestEmail.toLowerCase(), max: limits.bookingsPerGuestEmail, windowMs: limits.guestWindowMs },
        ],
        at,
      );
      if (!counted.allowed) {
        const limitedBy = counted.refusedBy.bucket === 'table-booking-guest' ? 'guest' : 'address';
        return { ok: false, reason: 'tooMany', retryAfterSeconds: Math.max(1, Math.ceil(counted.retryAfterMs / 1000)), limitedBy };
      }
      const restaurant = await findVisibleRestaurant(tx, request.brandId, request.restaurantId, true);
      const settings = usableSettings(restaurant?.booking ?? null);
      if (!restaurant || !settings) throw new NotBooked({ ok: false, reason: 'gone' });
      if (!isSeatingAhead(settings, request.date, request.clock, request.timeZone, at)) throw new NotBooked({ ok: false, reason: 'notASeating' });
      const seatingAt = instantOf(request.date, request.clock, request.timeZone);
      if (request.partySize > settings.maxPartySize) throw new NotBooked({ ok: false, reason: 'full' });
      const taken = (await coversBooked(tx, request.brandId, request.restaurantId, [new Date(seatingAt)])).get(seatingAt) ?? 0;
      // A guest who loses the seating to another is not counted against their allowance.
      if (taken + request.partySize > settings.coversPerSeating) throw new NotBooked({ ok: false, reason: 'full' });
      const booking = await insertTableBooking(tx, {
        brandId: request.brandId,
        restaurantId: request.restaurantId,
        seatingAt: new Date(seatingAt),
        partySize: request.partySize,
        guestName: request.guestName,
        guestEmail: request.guestEmail,
        guestPhone: request.guestPhone,
        language: request.language,
        cancelTokenHash: hashCancelToken(token),
        createdAt: new Date(at),
      });
      const cancelLink = `${request.linkOrigin}/booking/cancel/${token}`;
      const booked = { id: booking.id, cancelTokenHash: booking.cancelTokenHash, restaurant: restaurant.name, address: request.address, seatingAt, partySize: request.partySize, guestName: request.guestName };
      if (request.analytics) await recordBookingMade(tx, { brandId: request.brandId, restaurantId: request.restaurantId, partySize: request.partySize }, new Date(at));
      await mail.queue(tx, { brandId: request.brandId, to: request.guestEmail, ...tableBookingMail(booked, request.brand, cancelLink, request.language) }, `table-booking:${booking.id}`);
      return { ok: true, booking };
    });
  } catch (error) {
    if (!(error instanceof NotBooked)) throw error;
    outcome = error.outcome;
  }
  if (outcome.ok) void mail.dispatch();
  return outcome;
}

export type CancelOutcome = { booking: TableBookingRow; state: 'cancelledNow' | 'alreadyCancelled' | 'passed' | 'open' };

/** The booking of a cancel link and whether it can still be cancelled; null for a token no booking has. */
export async function findByCancelToken(deps: Pick<TableBookingDeps, 'db' | 'now'>, token: string): Promise<CancelOutcome | null> {
  const booking = await findTableBookingByTokenHash(deps.db, hashCancelToken(token));
  if (!booking) return null;
  const state = booking.cancelledAt ? 'alreadyCancelled' : booking.seatingAt.getTime() <= deps.now() ? 'passed' : 'open';
  return { booking, state };
}

/** Cancels the booking of the link once (its covers are free again); a second time it says so. */
export async function cancelByToken(deps: Pick<TableBookingDeps, 'db' | 'now'>, token: string): Promise<CancelOutcome | null> {
  const found = await findByCancelToken(deps, token);
  if (!found || found.state !== 'open') return found;
  const cancelled = await cancelTableBooking(deps.db, found.booking.id, new Date(deps.now()));
  return cancelled ? { booking: cancelled, state: 'cancelledNow' } : { booking: found.booking, state: 'alreadyCancelled' };
}
