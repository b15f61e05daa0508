import { l, same, type Text3 } from './text.ts';

/** Where an evening takes place: a venue in a city, with the address the ticket shows. */
export interface Hall {
  city: string;
  venue: Text3;
  address: string;
  zipCode: string;
}

const hall = (city: string, venue: string, address: string, zipCode: string): Hall => ({ city, venue: same(venue), address, zipCode });

/** Concert halls, clubs and culture houses, each in its own city (the addresses are for the demo). */
export const stages: Hall[] = [
  hall('Stockholm', 'Konserthuset', 'Hötorget 8', '111 57'),
  hall('Stockholm', 'Cirkus', 'Djurgårdsslätten 43', '115 21'),
  hall('Stockholm', 'Nalen', 'Regeringsgatan 74', '111 39'),
  hall('Stockholm', 'Kulturhuset', 'Sergels torg 3', '111 57'),
  hall('Göteborg', 'Pustervik', 'Järntorgsgatan 12', '413 01'),
  hall('Göteborg', 'Kajskjul 8', 'Packhuskajen 8', '411 04'),
  hall('Malmö', 'Slakthuset', 'Jägersrovägen 1', '212 37'),
  hall('Malmö', 'Folkets Park', 'Amiralsgatan 35', '214 37'),
  hall('Uppsala', 'Katalin', 'Roslagsgatan 1', '753 27'),
  hall('Oslo', 'Sentrum Scene', 'Arbeidersamfunnets plass 1', '0181'),
  hall('Oslo', 'Operaen', 'Kirsten Flagstads plass 1', '0150'),
  hall('Bergen', 'Grieghallen', 'Edvard Griegs plass 1', '5015'),
  hall('Bergen', 'USF Verftet', 'Georgernes verft 12', '5011'),
  hall('Tromsø', 'Kulturhuset', 'Grønnegata 87', '9008'),
  hall('Tromsø', 'Driv', 'Søndre Tollbodgate 3B', '9008'),
  hall('Åre', 'Fjällsalen', 'Årevägen 80', '837 52'),
  hall('Visby', 'Wisby Strand', 'Donners plats 2', '621 57'),
  hall('Lofoten', 'Fjøset', 'Storvågan 5', '8310'),
  hall('Kiruna', 'Folkets hus', 'Föreningsgatan 11', '981 31'),
  hall('Lillehammer', 'Banken', 'Kirkegata 41', '2609'),
  hall('Ålesund', 'Parken', 'Kongens gate 19', '6002'),
  hall('Luleå', 'Kulturens hus', 'Skeppsbrogatan 17', '972 31'),
  hall('Umeå', 'Väven', 'Storgatan 46A', '903 26'),
  hall('Trondheim', 'Olavshallen', 'Kjøpmannsgata 44', '7010'),
  hall('Stavanger', 'Folken', 'Ny Olavskleiv 16', '4008'),
  hall('Örebro', 'Frimis', 'Fredsgatan 18', '703 62'),
  hall('Bodø', 'Stormen', 'Storgata 1B', '8006'),
  hall('Växjö', 'Konserthuset', 'Västra Esplanaden 10', '352 31'),
  hall('Helsingborg', 'Dunkers kulturhus', 'Kungsgatan 11', '252 21'),
  hall('Kalmar', 'Kalmar teater', 'Larmtorget 2', '392 32'),
  hall('Sälen', 'Högfjällshotellet', 'Hotellvägen 1', '780 67'),
  hall('Røros', 'Storstuggu', 'Osloveien 2', '7374'),
];

/** Every city with a stage; evenings on a stage happen in these. */
export const stageCities = [...new Set(stages.map((s) => s.city))];

/** Cities of the far north, where outdoor evenings go. */
export const northernCities = ['Tromsø', 'Lofoten', 'Bodø', 'Kiruna', 'Åre', 'Luleå', 'Umeå', 'Trondheim', 'Røros', 'Lillehammer'];

/** Venues of events that are not on a stage, found in any city: a name and a kind of place. */
export const otherVenues = {
  food: [same('Saluhallen'), same('Vinbaren Åsa'), same('Bryggeriet Nord'), same('Glasshuset Strand'), same('Smørbrødbaren')],
  sport: [l('the sports hall', 'idrottshallen', 'idrettshallen'), l('the stadium', 'stadion', 'stadion'), same('Padelhallen Syd'), same('Klätterverket')],
  outdoor: [l('the visitor centre', 'besökscentret', 'besøkssenteret'), l('the ski lodge', 'skidstugan', 'skihytta'), l('the harbour', 'hamnen', 'havna')],
} as const;

export type VenueKind = 'stage' | keyof typeof otherVenues;

const stage = (city: string, venue: string): Hall => {
  const found = stages.find((s) => s.city === city && s.venue.en === venue);
  if (!found) throw new Error(`No stage ${venue} in ${city}`);
  return found;
};

/** Each brand's featured tour: two evenings in the first city, the second sold out, then the third. */
export const featuredHalls: Record<string, readonly Hall[]> = {
  aurora: [stage('Stockholm', 'Konserthuset'), stage('Göteborg', 'Pustervik'), stage('Malmö', 'Slakthuset')],
  borealis: [stage('Umeå', 'Väven'), stage('Luleå', 'Kulturens hus'), stage('Kiruna', 'Folkets hus')],
};
