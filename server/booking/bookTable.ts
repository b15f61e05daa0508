import { createHash, randomBytes } from 'node:crypto';
import type { Language } from '../../domain/language.ts';
import type { Database } from '../db/database.ts';
import type { MailBrand } from '../mail/mail.ts';
import type { MailQueue } from '../mail/queue.ts';
import { tableBookingMail } from '../mail/tableBookingMail.ts';
import { takeRateLimit } from '../repositories/rateLimits.repository.ts';
import {
  cancelTableBooking,
  coversBooked,
  findTableBookingByTokenHash,
  findVisibleRestaurant,
  insertTableBooking,
  type TableBookingRow,
} from '../repositories/tableBookings.repository.ts';
import { clocksOn, instantOf, usableSettings } from './seatings.ts';

/** Bookings one client address may make per window (the widget takes no sign-in). */
export interface TableBookingLimits {
  bookingsPerAddress: number;
  windowMs: number;
}

export const defaultTableBookingLimits: TableBookingLimits = { bookingsPerAddress: 10, windowMs: 15 * 60_000 };

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
  /** The restaurant's address as the mail prints it. */
  address: string;
}

export type BookingOutcome =
  | { ok: true; booking: TableBookingRow }
  | { ok: false; reason: 'full' | 'gone' }
  | { ok: false; reason: 'tooMany'; retryAfterSeconds: number };

/**
 * Books the table, or refuses. One transaction counts the address's booking, locks the
 * restaurant's row (so bookings of one restaurant are counted one after another, on every
 * instance), checks the seating against the settings and the covers not cancelled, inserts, and
 * queues the confirmation: a booking and its mail commit together or not at all.
 */
export async function bookTable(deps: TableBookingDeps, request: TableRequest): Promise<BookingOutcome> {
  const { db, mail, now, limits } = deps;
  const token = randomBytes(32).toString('base64url');
  const outcome = await db.transaction(async (tx): Promise<BookingOutcome> => {
    const at = now();
    const limit = { bucket: 'table-booking', key: request.clientAddress, max: limits.bookingsPerAddress, windowMs: limits.windowMs };
    const counted = await takeRateLimit(tx, limit, at);
    if (!counted.allowed) return { ok: false, reason: 'tooMany', retryAfterSeconds: Math.max(1, Math.ceil(counted.retryAfterMs / 1000)) };
    const restaurant = await findVisibleRestaurant(tx, request.brandId, request.restaurantId, true);
    const settings = usableSettings(restaurant?.booking ?? null);
    if (!restaurant || !settings) return { ok: false, reason: 'gone' };
    const seatingAt = instantOf(request.date, request.clock, request.timeZone);
    if (!clocksOn(settings, request.date).includes(request.clock) || seatingAt <= at || request.partySize > settings.maxPartySize) {
      return { ok: false, reason: 'full' };
    }
    const taken = (await coversBooked(tx, request.brandId, request.restaurantId, [new Date(seatingAt)])).get(seatingAt) ?? 0;
    if (taken + request.partySize > settings.coversPerSeating) return { ok: false, reason: 'full' };
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
    const booked = { id: booking.id, restaurant: restaurant.name, address: request.address, seatingAt, partySize: request.partySize, guestName: request.guestName };
    await mail.queue(tx, { brandId: request.brandId, to: request.guestEmail, ...tableBookingMail(booked, request.brand, cancelLink, request.language) }, `table-booking:${booking.id}`);
    return { ok: true, booking };
  });
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
