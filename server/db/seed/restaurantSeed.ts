import type { TableBookingSettings } from '../schema/index.ts';
import type { Text3 } from './text.ts';

/** A guide entry as the demo data writes it; the brand, country and city come from its list. */
export interface RestaurantSeed {
  id: string;
  name: string;
  address: string;
  postalCode: string;
  lat: number;
  lng: number;
  phone: string;
  description: Text3;
  /** The restaurant's home page, e.g. https://name.example. */
  url: string | null;
  /** Seatings for our booking widget; null: no booking through the guide. */
  booking: TableBookingSettings | null;
  hidden?: boolean;
}

const halfHours = (from: string, to: string): string[] => {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3));
  const seatings = [];
  for (let m = minutes(from); m <= minutes(to); m += 30) seatings.push(`${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`);
  return seatings;
};

/** Dinner seatings every half hour, `from` to 21:00, on the ISO weekdays given (Tuesday to Saturday unless said). */
export function dinner(options: { days?: number[]; from?: string; covers?: number } = {}): TableBookingSettings {
  const seatings = halfHours(options.from ?? '17:00', '21:00');
  return {
    weekly: (options.days ?? [2, 3, 4, 5, 6]).map((day) => ({ day, seatings })),
    coversPerSeating: options.covers ?? 20,
    maxPartySize: 8,
    daysAhead: 30,
  };
}

/** Lunch 11:30 to 13:00 on weekdays, dinner 17:00 to 21:00 Tuesday to Saturday. */
export function lunchAndDinner(): TableBookingSettings {
  const lunch = halfHours('11:30', '13:00');
  const evening = halfHours('17:00', '21:00');
  const weekly = [1, 2, 3, 4, 5, 6].map((day) => ({ day, seatings: [...(day <= 5 ? lunch : []), ...(day >= 2 ? evening : [])] }));
  return { weekly, coversPerSeating: 20, maxPartySize: 8, daysAhead: 30 };
}
