import type { Angle } from './offerText.ts';
import type { EventShape } from './events.ts';
import { l } from './text.ts';

/** An event's texts name its evenings: city, venue, day and time, as the ticket variants have them. */

const earlyAccess = {
  en: 'Members get early access to tickets.',
  sv: 'Medlemmar får förtur till biljetterna.',
  nb: 'Medlemmer får tidlig tilgang til billetter.',
};

const withHost = l('{EventKind} with {host}', '{EventKind} med {host}', '{EventKind} med {host}');

export const liveAngles: Record<EventShape, Angle[]> = {
  single: [
    {
      titles: [
        withHost,
        l('{EventKind}: {topic} in {place}', '{EventKind}: {topic} i {place}', '{EventKind}: {topic} i {place}'),
        l('{Host} at {venue}, {place}', '{Host} på {venue}, {place}', '{Host} på {venue}, {place}'),
      ],
      teasers: [
        l('{Date} · {venue}, {place}', '{Date} · {venue}, {place}', '{Date} · {venue}, {place}'),
        l('{Date} at {time} · {place}', '{Date} kl. {time} · {place}', '{Date} kl. {time} · {place}'),
      ],
      preambles: [
        l(
          `{EventKind} with {host} at {venue} in {place} on {date}, from {time}. ${earlyAccess.en}`,
          `{EventKind} med {host} på {venue} i {place} {date} från klockan {time}. ${earlyAccess.sv}`,
          `{EventKind} med {host} på {venue} i {place} {date} fra klokken {time}. ${earlyAccess.nb}`,
        ),
        l(
          'An evening of {topic} with {host} at {venue} in {place}: {date} at {time}. Seats are limited, so be quick.',
          'En kväll med {topic} och {host} på {venue} i {place}: {date} klockan {time}. Platserna är begränsade, så var snabb.',
          'En kveld med {topic} og {host} på {venue} i {place}: {date} klokken {time}. Det er begrenset med plasser, så vær rask.',
        ),
      ],
    },
  ],
  twoNights: [
    {
      titles: [withHost, l('{Host} at {venue}, {place}', '{Host} på {venue}, {place}', '{Host} på {venue}, {place}')],
      teasers: [l('{Dates} · {venue}, {place}', '{Dates} · {venue}, {place}', '{Dates} · {venue}, {place}')],
      preambles: [
        l(
          `{EventKind} with {host} at {venue} in {place}, two evenings: {dates}, from {time}. ${earlyAccess.en}`,
          `{EventKind} med {host} på {venue} i {place} två kvällar: {dates}, från klockan {time}. ${earlyAccess.sv}`,
          `{EventKind} med {host} på {venue} i {place} to kvelder: {dates}, fra klokken {time}. ${earlyAccess.nb}`,
        ),
      ],
    },
  ],
  tour: [
    {
      titles: [
        l('{Host} on tour', '{Host} på turné', '{Host} på turné'),
        l('{Host}: the {tour} tour', '{Host}: {tour}-turnén', '{Host}: {tour}-turneen'),
        l('{EventKind} with {host}: {cities}', '{EventKind} med {host}: {cities}', '{EventKind} med {host}: {cities}'),
      ],
      teasers: [l('{Cities} · from {date}', '{Cities} · från {date}', '{Cities} · fra {date}')],
      preambles: [l(`{EventKind} with {host}: {stops}. ${earlyAccess.en}`, `{EventKind} med {host}: {stops}. ${earlyAccess.sv}`, `{EventKind} med {host}: {stops}. ${earlyAccess.nb}`)],
    },
  ],
};

/** A tour with a name is for acts on stage; a chef or a club is simply on tour. */
export const offStageTour: Angle[] = liveAngles.tour.map((angle) => ({ ...angle, titles: angle.titles.filter((title) => !title.en.includes('{tour}')) }));

/** The featured event is a tour with its own name. */
export const featuredTourAngle: Angle = {
  titles: [l('{Host}: the {tour} tour', '{Host}: {tour}-turnén', '{Host}: {tour}-turneen')],
  teasers: liveAngles.tour[0]!.teasers,
  preambles: liveAngles.tour[0]!.preambles,
};
