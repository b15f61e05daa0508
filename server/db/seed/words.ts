import { l } from './text.ts';

/** Word lists of the offers' article bodies (English, with Swedish and Norwegian names) and their places. */

export const places = [
  'Stockholm', 'Göteborg', 'Malmö', 'Uppsala', 'Oslo', 'Bergen', 'Tromsø', 'Åre', 'Visby', 'Lofoten',
  'Kiruna', 'Lillehammer', 'Ålesund', 'Luleå', 'Umeå', 'Trondheim', 'Stavanger', 'Örebro', 'Bodø', 'Växjö',
  'Helsingborg', 'Kalmar', 'Sälen', 'Røros',
] as const;

export const tourNames = ['Midnattssol', 'Nordlys', 'Vinterljus', 'Sommarnatt', 'Fjord Lines', 'Mørketid'] as const;

/** Sentences for article bodies; slots: {topic} {place} {partner} {host} {brand}. */
export const bodySentences = [
  'There is something about {topic} in {place} that makes you slow down.',
  'Locals will tell you the secret is lagom: not too much, not too little.',
  'We spent a week in {place} asking people what {topic} means to them.',
  'Start early, bring a thermos of kaffe and plan for at least one fika break.',
  '{partner} has been part of the neighbourhood for more than twenty years.',
  'The season is short, so the best days sell out fast.',
  'Bring warm layers: even in June the wind off the sjø can bite.',
  'Friluftsliv – life in the open air – is less a hobby than a way of being.',
  'Our members rated it 4.8 out of 5 last year.',
  'Ask for the house special; it changes every week.',
  'Allemansrätten gives everyone the right to roam, as long as you leave no trace.',
  'Book a table by the window and watch the boats come in to the brygga.',
  'Nobody leaves without trying the kanelbulle, and nobody regrets it.',
  'The evening ends, as it should, with gløgg by the fire.',
  'It started as a small idea among friends and grew into something the whole town looks forward to.',
  'You do not need to be an expert; curiosity is enough.',
  'Ask {host} and you get a long answer, full of stories and laughter.',
  'In {place} the light changes everything, from the colours to the pace of the day.',
  'The first time is always a little overwhelming, in the best possible way.',
  'Most people come for {topic} and stay for the people.',
  'Prices have stayed fair, and members get a little extra on top.',
  'Some of the best moments are the unplanned ones between the highlights.',
  'Det är inte så noga – it does not have to be perfect to be good.',
  'Det er ikke dårlig vær, bare dårlige klær, as every Norwegian parent will remind you.',
] as const;

export const subheads = [
  'Why it matters', 'What to expect', 'Good to know', 'How to get there', 'Our favourites',
  'Before you go', 'The members’ view', 'A short history', 'Insider tips', 'Plan your visit',
] as const;

export const tips = [
  'Book ahead on weekends', 'Bring cash for the small stalls', 'Ask for the members’ price',
  'Arrive before the crowds', 'Pack a rain jacket', 'Try something you cannot pronounce',
  'Follow the locals, not the signs', 'Leave room for dessert', 'Take the ferry one way',
  'Check the opening hours on holidays',
] as const;

export const quotes = [
  'We never set out to be famous. We just wanted a place where people could meet.',
  'Det bästa är att alla är välkomna, oavsett om man kan något från början.',
  'Det fineste med jobben er når folk kommer tilbake år etter år.',
  'Do it slowly, do it together, and do it again next year.',
  'The north is not a place on the map. It is a way of looking at the world.',
] as const;

/** Outside links for article bodies. */
export const outsideLinks = [
  { text: 'Visit Sweden', url: 'https://visitsweden.com/' },
  { text: 'Visit Norway', url: 'https://www.visitnorway.com/' },
  { text: 'the story of fika', url: 'https://en.wikipedia.org/wiki/Fika_(Sweden)' },
  { text: 'friluftsliv', url: 'https://en.wikipedia.org/wiki/Friluftsliv' },
  { text: 'the right of public access', url: 'https://en.wikipedia.org/wiki/Freedom_to_roam' },
  { text: 'our partner’s website', url: 'https://example.com/partners' },
  { text: 'the full programme', url: 'https://example.org/programme' },
] as const;

export const spotifyEmbeds = [
  'https://open.spotify.com/embed/playlist/37i9dQZF1DX4sWSpwq3LiO',
  'https://open.spotify.com/embed/playlist/37i9dQZF1DWWQRwui0ExPn',
  'https://open.spotify.com/embed/album/1ATL5GLyefJaxhQzSPVrLX',
] as const;

export const youTubeEmbeds = [
  'https://www.youtube-nocookie.com/embed/aqz-KE-bpKQ',
  'https://www.youtube-nocookie.com/embed/eRsGyueVLvQ',
  'https://www.youtube-nocookie.com/embed/R6MlUcmOul8',
] as const;

export const companionHeaders = [
  l('Make an evening of it', 'Gör en kväll av det', 'Gjør en kveld av det'),
  l('You might also like', 'Du kanske också gillar', 'Du liker kanskje også'),
  l('Members also read', 'Medlemmar läser också', 'Medlemmer leser også'),
  l('Pair it with', 'Kombinera med', 'Kombiner med'),
  l('Don’t miss', 'Missa inte', 'Ikke gå glipp av'),
];
