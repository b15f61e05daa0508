import type { OfferType } from '../../../contract/offer.ts';
import { l, same, type Text3 } from './text.ts';
import type { VenueKind } from './venues.ts';

/** What an offer is about, and the demo picture (images.ts) that shows it. */
export interface Topic {
  text: Text3;
  picture: string;
}

/** A category and the vocabulary its generated offers draw from. */
export interface CategorySeed {
  id: string;
  name: Text3;
  typeList: OfferType[];
  /** Nouns the texts are about: "{topic} in Bergen". */
  topics: Topic[];
  /** Partners (shops, venues, clubs) behind benefits. */
  partners: string[];
  /** Performers, hosts or organisers of live events and interviews. */
  hosts: Text3[];
  /** What a live event of the category is: "Tasting evening with …". */
  eventKinds: Text3[];
  /** Where its live events take place. */
  venues: VenueKind;
  /** What a partner gives away for free: "a free {extra}". */
  extras: Text3[];
  tags: string[];
}

const t = (en: string, sv: string, nb: string, picture: string): Topic => ({ text: l(en, sv, nb), picture });

const foodDrink: CategorySeed = {
  id: 'food-drink',
  name: l('Food & Drink', 'Mat & dryck', 'Mat og drikke'),
  typeList: ['editorial', 'benefit', 'live'],
  topics: [
    t('fika', 'fika', 'kaffe og kake', '02'), t('sourdough baking', 'surdegsbakning', 'surdeigsbaking', '11'),
    t('natural wine', 'naturvin', 'naturvin', '06'), t('cinnamon buns', 'kanelbullar', 'kanelboller', '11'),
    t('open sandwiches', 'smörgåsar', 'smørbrød', '11'), t('street food', 'streetfood', 'gatemat', '06'),
    t('craft beer', 'hantverksöl', 'håndverksøl', '06'), t('brown cheese', 'mesost', 'brunost', '11'),
    t('West Coast seafood', 'västkustens skaldjur', 'skalldyr fra vestkysten', '05'), t('crayfish parties', 'kräftskivor', 'krepsefester', '05'),
    t('Nordic coffee', 'nordiskt kaffe', 'nordisk kaffe', '02'), t('rye bread', 'rågbröd', 'rugbrød', '11'),
  ],
  partners: ['Café Måsen', 'Bryggeriet Nord', 'Fjällbageriet', 'Sjöbodens Fisk', 'Kaffebrenneriet Øst', 'Vinbaren Åsa', 'Smørbrødbaren', 'Glasshuset Strand'],
  hosts: [l('chef Elin Ström', 'kocken Elin Ström', 'kokken Elin Ström'), same('Bryggeriet Nord'), l('sommelier Jonas Dahl', 'sommeliern Jonas Dahl', 'sommelier Jonas Dahl'), l('baker Mats Fjäll', 'bagaren Mats Fjäll', 'bakeren Mats Fjäll'), l('chef Kari Nygård', 'kocken Kari Nygård', 'kokken Kari Nygård')],
  eventKinds: [l('Tasting evening', 'Provningskväll', 'Smakekveld'), l('Supper club', 'Supperklubb', 'Supperklubb'), l('Cooking class', 'Matlagningskurs', 'Matlagingskurs'), l('Masterclass', 'Masterclass', 'Masterclass')],
  venues: 'food',
  extras: [l('coffee', 'kaffe', 'kaffe'), l('dessert', 'dessert', 'dessert'), l('cinnamon bun', 'kanelbulle', 'kanelbolle'), l('welcome drink', 'välkomstdrink', 'velkomstdrink')],
  tags: ['food', 'mat', 'drinks', 'fika'],
};

const travel: CategorySeed = {
  id: 'travel',
  name: l('Travel', 'Resor', 'Reiser'),
  typeList: ['editorial', 'benefit'],
  topics: [
    t('island hopping', 'öhoppning', 'øyhopping', '05'), t('night trains', 'nattåg', 'nattog', '06'),
    t('the archipelago', 'skärgården', 'skjærgården', '05'), t('fjord cruises', 'fjordkryssningar', 'fjordcruise', '01'),
    t('cabin life', 'stugliv', 'hytteliv', '12'), t('city breaks', 'storstadshelger', 'byferier', '06'),
    t('the Inlandsbanan railway', 'Inlandsbanan', 'Inlandsbanan', '04'), t('slow travel', 'långsamt resande', 'langsomme reiser', '01'),
    t('sailing', 'segling', 'seiling', '05'), t('winter sun', 'vintersol', 'vintersol', '01'),
  ],
  partners: ['Hotell Fyren', 'Tåg & Sjö Resor', 'Stugbyn Älvdalen', 'Fjordline Express', 'Hostel Ø', 'Skärgårdsbåtarna'],
  hosts: [same('Tåg & Sjö Resor'), l('skipper Britt Holm', 'skepparen Britt Holm', 'skipperen Britt Holm')],
  eventKinds: [],
  venues: 'outdoor',
  extras: [l('room upgrade', 'rumsuppgradering', 'romoppgradering'), l('breakfast', 'frukost', 'frokost'), l('late check-out', 'sen utcheckning', 'sen utsjekk')],
  tags: ['travel', 'resor', 'weekend'],
};

const music: CategorySeed = {
  id: 'music',
  name: l('Music', 'Musik', 'Musikk'),
  typeList: ['editorial', 'live'],
  topics: [
    t('jazz', 'jazz', 'jazz', '03'), t('Nordic folk music', 'nordisk folkmusik', 'nordisk folkemusikk', '03'),
    t('synth pop', 'synthpop', 'synthpop', '03'), t('choir music', 'körmusik', 'kormusikk', '03'),
    t('vinyl records', 'vinylskivor', 'vinylplater', '03'), t('indie rock', 'indierock', 'indierock', '03'),
    t('joik', 'jojk', 'joik', '10'), t('chamber music', 'kammarmusik', 'kammermusikk', '03'),
  ],
  partners: ['Skivbutiken Vinyl', 'Nalen'],
  hosts: ['Saga & the Fjords', 'Mørketid', 'Ylva Sund', 'Kalle Ström Trio', 'Polarnatt', 'Nordic Brass Collective', 'Linnea Åberg', 'Isbjørn', 'Eldrid Haugen', 'The Lantern Choir'].map(same),
  eventKinds: [l('Concert', 'Konsert', 'Konsert'), l('Release party', 'Releasefest', 'Slippfest'), l('Festival night', 'Festivalkväll', 'Festivalkveld')],
  venues: 'stage',
  extras: [],
  tags: ['music', 'musik', 'concert'],
};

const sport: CategorySeed = {
  id: 'sport',
  name: l('Sport', 'Sport', 'Sport'),
  typeList: ['benefit', 'live', 'editorial'],
  topics: [
    t('trail running', 'traillöpning', 'terrengløping', '04'), t('cross-country skiing', 'längdskidåkning', 'langrenn', '04'),
    t('padel', 'padel', 'padel', '07'), t('open-water swimming', 'simning i öppet vatten', 'svømming i åpent vann', '05'),
    t('athletics', 'friidrott', 'friidrett', '07'), t('cycling', 'cykling', 'sykling', '07'),
    t('climbing', 'klättring', 'klatring', '04'), t('orienteering', 'orientering', 'orientering', '04'),
  ],
  partners: ['Löplabbet Norr', 'Sportkällaren', 'Cykelverkstan', 'Padelhallen Syd', 'Klätterverket'],
  hosts: [same('IFK Norrfjord'), same('Team Polar Cycling'), same('Stockholm Swim Club'), l('coach Anna Berg', 'tränaren Anna Berg', 'treneren Anna Berg'), same('Fjällmaraton')],
  eventKinds: [l('Open training', 'Öppen träning', 'Åpen trening'), l('Race day', 'Tävlingsdag', 'Konkurransedag'), l('Clinic', 'Kurs', 'Kurs')],
  venues: 'sport',
  extras: [l('water bottle', 'vattenflaska', 'vannflaske'), l('bike service', 'cykelservice', 'sykkelservice'), l('training session', 'träningstimme', 'treningsøkt')],
  tags: ['sport', 'träning', 'outdoors'],
};

const culture: CategorySeed = {
  id: 'culture',
  name: l('Culture', 'Kultur', 'Kultur'),
  typeList: ['editorial', 'live'],
  topics: [
    t('Scandinavian design', 'skandinavisk design', 'skandinavisk design', '06'), t('Nordic noir', 'nordic noir', 'nordic noir', '12'),
    t('architecture', 'arkitektur', 'arkitektur', '06'), t('street art', 'gatukonst', 'gatekunst', '06'),
    t('modern dance', 'modern dans', 'moderne dans', '03'), t('crime fiction', 'deckare', 'krim', '12'),
    t('stand-up comedy', 'ståupp', 'standup', '03'), t('landscape photography', 'landskapsfotografi', 'landskapsfotografi', '01'),
  ],
  partners: ['Bokhandeln Ö', 'Kino Nordlys', 'Designtorget Nord'],
  hosts: [same('Teater Månsken'), same('Kino Nordlys'), l('author Sigrid Lunde', 'författaren Sigrid Lunde', 'forfatteren Sigrid Lunde'), same('Dansens Hus'), same('Hälsinge Comedy Club')],
  eventKinds: [l('Premiere', 'Premiär', 'Premiere'), l('Author talk', 'Författarsamtal', 'Forfattersamtale'), l('Comedy night', 'Humorkväll', 'Humorkveld'), l('Film night', 'Filmkväll', 'Filmkveld')],
  venues: 'stage',
  extras: [],
  tags: ['culture', 'kultur', 'art'],
};

const wellness: CategorySeed = {
  id: 'wellness',
  name: l('Wellness', 'Välmående', 'Velvære'),
  typeList: ['editorial', 'benefit'],
  topics: [
    t('sauna culture', 'bastukultur', 'badstukultur', '08'), t('cold-water bathing', 'kallbad', 'isbading', '05'),
    t('forest bathing', 'skogsbad', 'skogsbading', '04'), t('yoga', 'yoga', 'yoga', '08'),
    t('sleep', 'sömn', 'søvn', '08'), t('breathwork', 'andningsövningar', 'pusteøvelser', '08'),
    t('the Nordic spa', 'nordiskt spa', 'nordisk spa', '08'), t('slow mornings', 'långsamma morgnar', 'rolige morgener', '02'),
  ],
  partners: ['Spa Solgården', 'Yogastudion Ro', 'Bastun på Bryggan', 'Kallbadhuset', 'Apoteket Linnéa'],
  hosts: [same('Yogastudion Ro'), l('yoga teacher Lina Ro', 'yogaläraren Lina Ro', 'yogalæreren Lina Ro')],
  eventKinds: [],
  venues: 'outdoor',
  extras: [l('cup of herbal tea', 'kopp örtte', 'kopp urtete'), l('bathrobe for the day', 'morgonrock för dagen', 'badekåpe for dagen'), l('sauna session', 'bastustund', 'badstutime')],
  tags: ['wellness', 'hälsa', 'spa'],
};

const family: CategorySeed = {
  id: 'family',
  name: l('Family', 'Familj', 'Familie'),
  typeList: ['benefit', 'live'],
  topics: [
    t('the science centre', 'vetenskapscentret', 'vitensenteret', '09'), t('theme parks', 'nöjesparker', 'fornøyelsesparker', '09'),
    t('puppet theatre', 'dockteater', 'dukketeater', '09'), t('family skiing', 'skidåkning med familjen', 'skiturer med familien', '04'),
    t('zoo days', 'djurparksdagar', 'dager i dyreparken', '09'), t('Lego building', 'legobygge', 'legobygging', '09'),
    t('summer camp', 'sommarläger', 'sommerleir', '05'), t('Midsummer', 'midsommar', 'sankthans', '09'),
  ],
  partners: ['Familjeparken Ekudden', 'Leksakslådan', 'Tekniska Lekhuset', 'Barnens Ö'],
  hosts: [same('Dockteatern Tittut'), same('Familjeparken Ekudden'), same('Tekniska Lekhuset')],
  eventKinds: [l('Family day', 'Familjedag', 'Familiedag'), l('Puppet show', 'Dockteater', 'Dukketeater'), l('Open day', 'Öppet hus', 'Åpen dag')],
  venues: 'stage',
  extras: [l('gift bag', 'presentpåse', 'gavepose'), l('ice cream', 'glass', 'is'), l('balloon', 'ballong', 'ballong')],
  tags: ['family', 'barn', 'kids'],
};

export const auroraCategories: CategorySeed[] = [foodDrink, travel, music, sport, culture, wellness, family];

const outdoors: CategorySeed = {
  id: 'outdoors',
  name: l('Outdoors', 'Friluftsliv', 'Friluftsliv'),
  typeList: ['benefit', 'live'],
  topics: [
    t('outdoor life', 'friluftsliv', 'friluftsliv', '04'), t('ski touring', 'toppturer', 'toppturer', '04'),
    t('northern lights hunting', 'norrskensjakt', 'nordlysjakt', '10'), t('mountain hikes', 'fjällvandring', 'fjellturer', '04'),
    t('kayaking', 'kajakpaddling', 'kajakkpadling', '05'), t('winter camping', 'vintercamping', 'vintertelting', '12'),
    t('the midnight sun', 'midnattssolen', 'midnattssola', '01'),
  ],
  partners: ['Fjellsport Tromsø', 'Nordlys Guiding', 'Lofoten Kajakk', 'Turistforeningen Nord'],
  hosts: [same('Nordlys Guiding'), same('Lofoten Kajakk'), l('guide Åse Berntsen', 'guiden Åse Berntsen', 'guiden Åse Berntsen'), same('Senja Trail')],
  eventKinds: [l('Guided tour', 'Guidad tur', 'Guidet tur'), l('Northern lights safari', 'Norrskenssafari', 'Nordlyssafari'), l('Paddling trip', 'Paddeltur', 'Padletur')],
  venues: 'outdoor',
  extras: [l('hot chocolate', 'varm choklad', 'varm sjokolade'), l('thermos of coffee', 'termos med kaffe', 'termos med kaffe'), l('head torch', 'pannlampa', 'hodelykt')],
  tags: ['outdoors', 'friluftsliv', 'fjell'],
};

const gear: CategorySeed = {
  id: 'gear',
  name: l('Gear', 'Utrustning', 'Utstyr'),
  typeList: ['benefit'],
  topics: [
    t('down jackets', 'dunjackor', 'dunjakker', '04'), t('trail shoes', 'terrängskor', 'terrengsko', '07'),
    t('head torches', 'pannlampor', 'hodelykter', '10'), t('wool base layers', 'underställ i ull', 'ullundertøy', '12'),
    t('tents', 'tält', 'telt', '04'), t('touring skis', 'turskidor', 'turski', '04'),
  ],
  partners: ['Fjellsport Tromsø', 'Ullvaren Ø', 'Sportkällaren', 'Skiverkstedet'],
  hosts: [same('Skiverkstedet')],
  eventKinds: [],
  venues: 'outdoor',
  extras: [l('wool hat', 'ullmössa', 'ullue'), l('ski wax', 'skidvalla', 'skismøring'), l('gear check', 'utrustningskoll', 'utstyrssjekk')],
  tags: ['gear', 'utstyr', 'outdoors'],
};

const nightlife: CategorySeed = {
  id: 'nightlife',
  name: l('Nightlife', 'Nattliv', 'Uteliv'),
  typeList: ['live', 'benefit'],
  topics: [
    t('techno', 'techno', 'techno', '03'), t('cocktail bars', 'cocktailbarer', 'cocktailbarer', '06'),
    t('late-night jazz', 'nattjazz', 'nattjazz', '03'), t('club nights', 'klubbkvällar', 'klubbkvelder', '03'), t('karaoke', 'karaoke', 'karaoke', '06'),
  ],
  partners: ['Bar Mørkerom', 'Klubb Polar', 'Nattcafé Ø'],
  hosts: ['DJ Midnattsol', 'Klubb Polar', 'Mørketid', 'Bar Mørkerom'].map(same),
  eventKinds: [l('Club night', 'Klubbkväll', 'Klubbkveld'), l('DJ set', 'DJ-set', 'DJ-sett'), l('Members’ night', 'Medlemskväll', 'Medlemskveld')],
  venues: 'stage',
  extras: [l('welcome drink', 'välkomstdrink', 'velkomstdrink'), l('cocktail', 'cocktail', 'cocktail')],
  tags: ['nightlife', 'uteliv', 'club'],
};

export const borealisCategories: CategorySeed[] = [
  outdoors,
  { ...foodDrink, typeList: ['benefit', 'live'] },
  { ...music, typeList: ['live'] },
  gear,
  nightlife,
  { ...wellness, typeList: ['benefit'] },
];
