import type { Locality } from '../../../domain/format.ts';
import type { CategorySeed } from './categories.ts';
import { dateText, daysText, listText, localTime, timeText } from './calendar.ts';
import type { Random } from './prng.ts';
import { each, fill, l, type Text3 } from './text.ts';
import { northernCities, otherVenues, stageCities, stages, type Hall } from './venues.ts';

/** One evening of an event: where, and when it starts. */
export interface Showing {
  hall: Hall;
  start: Date;
}

/** The evenings an event's texts tell and, when it sells tickets, its variants offer. */
export interface EventPlan {
  showings: Showing[];
  /** Ticket price and the price before a member's reduction (kr). */
  price: number;
  originalPrice: number;
}

const norwegian = new Set(['Oslo', 'Bergen', 'Tromsø', 'Lofoten', 'Lillehammer', 'Ålesund', 'Trondheim', 'Stavanger', 'Bodø', 'Røros']);

function hallIn(random: Random, category: CategorySeed, city: string): Hall {
  if (category.venues === 'stage') return random.pick(stages.filter((s) => s.city === city));
  const street = random.pick(norwegian.has(city) ? ['Storgata', 'Kongens gate', 'Havnegata'] : ['Storgatan', 'Kungsgatan', 'Hamngatan']);
  return {
    city,
    venue: random.pick(otherVenues[category.venues]),
    address: `${street} ${random.int(1, 40)}`,
    zipCode: norwegian.has(city) ? String(random.int(1000, 9999)) : `${random.int(100, 999)} ${random.int(10, 99)}`,
  };
}

const startHours = { stage: [19, 20], food: [18, 19], sport: [17, 18], outdoor: [19, 20, 21] } as const;

/** An event in `place` (or the north, for outdoor ones); one that sells tickets may have a second evening or city. */
export function planEvent(random: Random, category: CategorySeed, place: string, now: Date, locality: Locality, selling: boolean): EventPlan {
  const cities = category.venues === 'outdoor' ? northernCities : stageCities;
  const first = cities.includes(place) ? place : random.pick(cities);
  const hour = random.pick(startHours[category.venues]);
  const minute = random.chance(0.3) ? 30 : 0;
  const day = random.int(selling ? 10 : 7, selling ? 80 : 90);
  const at = (daysAhead: number) => localTime(now, daysAhead, hour, minute, locality.timeZone);
  const showings: Showing[] = [{ hall: hallIn(random, category, first), start: at(day) }];
  if (selling && random.chance(0.4)) showings.push({ hall: showings[0]!.hall, start: at(day + 1) });
  if (selling && random.chance(0.5)) {
    const second = random.pick(cities.filter((c) => c !== first));
    showings.push({ hall: hallIn(random, category, second), start: at(day + random.int(6, 10)) });
  }
  const price = random.pick([195, 245, 295, 345, 395, 450]);
  return { showings, price, originalPrice: random.chance(0.3) ? price + 50 : price };
}

/**
 * The featured event, built to show every turn of the ticket cascade: two evenings in the first
 * city (14 and 15 days ahead), one in the second (21, at 20:00; sold out) and one in the third (28).
 */
export function featuredPlan(halls: readonly Hall[], now: Date, locality: Locality): EventPlan {
  const [first, second, third] = halls as [Hall, Hall, Hall];
  const at = (daysAhead: number, hour = 19) => localTime(now, daysAhead, hour, 0, locality.timeZone);
  return {
    showings: [
      { hall: first, start: at(14) },
      { hall: first, start: at(15) },
      { hall: second, start: at(21, 20) },
      { hall: third, start: at(28) },
    ],
    price: 395,
    originalPrice: 450,
  };
}

const stop = l('{venue} in {city} on {days}', '{venue} i {city} den {days}', '{venue} i {city} {days}');

/** The slots the event's texts fill: where and when, as the brand's region writes dates. */
export function eventSlots(plan: EventPlan, locality: Locality) {
  const [first] = plan.showings as [Showing];
  const cities = [...new Set(plan.showings.map((s) => s.hall.city))];
  const stops = cities.map((city) => {
    const here = plan.showings.filter((s) => s.hall.city === city);
    const slots = { venue: here[0]!.hall.venue, city, days: daysText(here.map((s) => s.start), locality) };
    return each((language) => fill(stop[language], slots, language));
  });
  const inFirstCity = plan.showings.filter((s) => s.hall.city === first.hall.city).map((s) => s.start);
  return {
    place: first.hall.city,
    venue: first.hall.venue,
    date: dateText(first.start, locality),
    time: timeText(first.start, locality),
    dates: daysText(inFirstCity, locality),
    cities: listText(cities.map((c) => l(c, c, c))),
    stops: listText(stops),
  };
}

export type EventShape = 'single' | 'twoNights' | 'tour';

export function shapeOf(plan: EventPlan): EventShape {
  if (new Set(plan.showings.map((s) => s.hall.city)).size > 1) return 'tour';
  return plan.showings.length > 1 ? 'twoNights' : 'single';
}

export type { Text3 };
