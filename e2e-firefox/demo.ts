/**
 * The demo data the flows use (README, "Demo brands and users"; server/db/seed/): every user's
 * password, each brand's member and its featured public event (e2e/pages/shopping.ts and
 * VisitorPages.ts name the same), on the Firefox run's server.
 */
export const password = 'Password1';

export const demoBrands = {
  aurora: {
    name: 'Aurora',
    host: 'aurora.localhost',
    email: 'member@aurora.test',
    event: 'aurora-live-001',
    publicTitle: 'Linnea Åberg: the Fjord Lines tour',
    /** The featured event's third city: one evening with 120 tickets. */
    thirdCity: 'Malmö',
    memberOnlyEvent: 'aurora-live-003',
  },
  borealis: {
    name: 'Borealis',
    host: 'borealis.localhost',
    email: 'member@borealis.test',
    event: 'borealis-live-001',
    publicTitle: 'Eldrid Haugen: the Vinterljus tour',
    thirdCity: 'Kiruna',
    memberOnlyEvent: 'borealis-live-003',
  },
} as const;
export type DemoBrand = keyof typeof demoBrands;

export const originOf = (brand: DemoBrand, port: number) => `http://${demoBrands[brand].host}:${port}`;
