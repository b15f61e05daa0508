import type { OfferType } from '../../../contract/offer.ts';

/** A category and the vocabulary its generated offers draw from. */
export interface CategorySeed {
  id: string;
  name: string;
  typeList: OfferType[];
  /** Picture numbers (see images.ts) that suit the category. */
  pictures: string[];
  /** Nouns the texts are about: "{topic} in Bergen". */
  topics: string[];
  /** Partners (shops, venues, clubs) behind benefits. */
  partners: string[];
  /** Performers, hosts or organisers of live events. */
  hosts: string[];
  tags: string[];
}

const foodDrink: CategorySeed = {
  id: 'food-drink',
  name: 'Food & Drink',
  typeList: ['editorial', 'benefit', 'live'],
  pictures: ['02', '11', '01'],
  topics: ['fika', 'sourdough baking', 'natural wine', 'kanelbullar', 'smørbrød', 'street food', 'craft beer', 'brunost', 'West Coast seafood', 'the kräftskiva', 'Nordic coffee', 'smörgåstårta'],
  partners: ['Café Måsen', 'Bryggeriet Nord', 'Fjällbageriet', 'Sjöbodens Fisk', 'Kaffebrenneriet Øst', 'Vinbaren Åsa', 'Smørbrødbaren', 'Glasshuset Strand'],
  hosts: ['chef Elin Ström', 'Bryggeriet Nord', 'sommelier Jonas Dahl', 'the bakers at Fjällbageriet', 'chef Kari Nygård'],
  tags: ['food', 'mat', 'drinks', 'fika'],
};

const travel: CategorySeed = {
  id: 'travel',
  name: 'Travel',
  typeList: ['editorial', 'benefit'],
  pictures: ['01', '05', '12', '04'],
  topics: ['island hopping', 'night trains', 'the archipelago', 'fjord cruises', 'cabin life', 'city breaks', 'the Inlandsbanan railway', 'slow travel', 'skärgård sailing', 'winter sun'],
  partners: ['Hotell Fyren', 'Tåg & Sjö Resor', 'Stugbyn Älvdalen', 'Fjordline Express', 'Hostel Ø', 'Skärgårdsbåtarna'],
  hosts: ['Tåg & Sjö Resor'],
  tags: ['travel', 'resor', 'weekend'],
};

const music: CategorySeed = {
  id: 'music',
  name: 'Music',
  typeList: ['editorial', 'live'],
  pictures: ['03', '06'],
  topics: ['jazz', 'Nordic folk', 'synth pop', 'choir music', 'vinyl collecting', 'indie rock', 'the joik tradition', 'chamber music'],
  partners: ['Skivbutiken Vinyl', 'Nalen'],
  hosts: ['Saga & the Fjords', 'Mørketid', 'Ylva Sund', 'Kalle Ström Trio', 'Polarnatt', 'Nordic Brass Collective', 'Linnea Åberg', 'Isbjørn', 'Eldrid Haugen', 'The Lantern Choir'],
  tags: ['music', 'musik', 'concert'],
};

const sport: CategorySeed = {
  id: 'sport',
  name: 'Sport',
  typeList: ['benefit', 'live', 'editorial'],
  pictures: ['07', '04'],
  topics: ['trail running', 'cross-country skiing', 'padel', 'open-water swimming', 'bandy', 'cycling', 'climbing', 'orienteering'],
  partners: ['Löplabbet Norr', 'Sportkällaren', 'Cykelverkstan', 'Padelhallen Syd', 'Klätterverket'],
  hosts: ['IFK Norrfjord', 'Bryne Bandy', 'the Fjällmaraton crew', 'Team Polar Cycling', 'Stockholm Swim Club'],
  tags: ['sport', 'träning', 'outdoors'],
};

const culture: CategorySeed = {
  id: 'culture',
  name: 'Culture',
  typeList: ['editorial', 'live'],
  pictures: ['06', '09', '03'],
  topics: ['Scandinavian design', 'Nordic noir', 'the new ceramics', 'street art', 'modern dance', 'crime fiction', 'stand-up comedy', 'the photo book'],
  partners: ['Bokhandeln Ö', 'Kino Nordlys', 'Designtorget Nord'],
  hosts: ['Teater Månsken', 'Kino Nordlys', 'author Sigrid Lunde', 'Dansens Hus', 'the Hälsinge Comedy Club'],
  tags: ['culture', 'kultur', 'art'],
};

const wellness: CategorySeed = {
  id: 'wellness',
  name: 'Wellness',
  typeList: ['editorial', 'benefit'],
  pictures: ['08', '04', '05'],
  topics: ['sauna culture', 'cold-water bathing', 'forest bathing', 'yoga', 'sleep', 'breathwork', 'the Nordic spa', 'slow mornings'],
  partners: ['Spa Solgården', 'Yogastudion Ro', 'Bastun på Bryggan', 'Kallbadhuset', 'Apoteket Linnéa'],
  hosts: ['Yogastudion Ro'],
  tags: ['wellness', 'hälsa', 'spa'],
};

const family: CategorySeed = {
  id: 'family',
  name: 'Family',
  typeList: ['benefit', 'live'],
  pictures: ['09', '12', '05'],
  topics: ['the science centre', 'theme parks', 'puppet theatre', 'family skiing', 'zoo days', 'Lego building', 'summer camp', 'the Midsommar celebration'],
  partners: ['Familjeparken Ekudden', 'Leksakslådan', 'Tekniska Lekhuset', 'Barnens Ö'],
  hosts: ['Dockteatern Tittut', 'Familjeparken Ekudden', 'Tekniska Lekhuset'],
  tags: ['family', 'barn', 'kids'],
};

export const auroraCategories: CategorySeed[] = [foodDrink, travel, music, sport, culture, wellness, family];

export const borealisCategories: CategorySeed[] = [
  {
    id: 'outdoors',
    name: 'Outdoors',
    typeList: ['benefit', 'live'],
    pictures: ['04', '10', '12'],
    topics: ['friluftsliv', 'ski touring', 'northern lights hunting', 'fjellturer', 'kayaking', 'winter camping', 'the midnight sun'],
    partners: ['Fjellsport Tromsø', 'Nordlys Guiding', 'Lofoten Kajakk', 'Turistforeningen Nord'],
    hosts: ['Nordlys Guiding', 'Lofoten Kajakk', 'guide Åse Berntsen', 'the Senja Trail crew'],
    tags: ['outdoors', 'friluftsliv', 'fjell'],
  },
  { ...foodDrink, typeList: ['benefit', 'live'], pictures: ['11', '02'] },
  { ...music, typeList: ['live'], pictures: ['03', '10'] },
  {
    id: 'gear',
    name: 'Gear',
    typeList: ['benefit'],
    pictures: ['07', '04'],
    topics: ['down jackets', 'trail shoes', 'headlamps', 'wool base layers', 'tents', 'touring skis'],
    partners: ['Fjellsport Tromsø', 'Ullvaren Ø', 'Sportkällaren', 'Skiverkstedet'],
    hosts: ['Skiverkstedet'],
    tags: ['gear', 'utstyr', 'outdoors'],
  },
  {
    id: 'nightlife',
    name: 'Nightlife',
    typeList: ['live', 'benefit'],
    pictures: ['06', '03', '10'],
    topics: ['techno', 'cocktail bars', 'late-night jazz', 'club nights', 'karaoke'],
    partners: ['Bar Mørkerom', 'Klubb Polar', 'Nattcafé Ø'],
    hosts: ['DJ Midnattsol', 'Klubb Polar', 'Mørketid', 'Bar Mørkerom'],
    tags: ['nightlife', 'uteliv', 'club'],
  },
  { ...wellness, typeList: ['benefit'], pictures: ['08', '10'] },
];
