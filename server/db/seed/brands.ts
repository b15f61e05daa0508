import type { brands } from '../schema/brands.ts';
import type { BrandThemeVariant } from '../../../contract/brand.ts';
import { demoIcons } from './icons.ts';
import { l } from './text.ts';

type BrandRow = typeof brands.$inferInsert;

/** The app icons drawn by scripts/appIcons.ts from the brand's mark (media/brand/<id>/icon.svg). */
const appIcons = (id: string) => ({
  favicon: `/media/brand/${id}/icon.svg`,
  appleTouchIcon: `/media/brand/${id}/icon-180.png`,
  icon192: `/media/brand/${id}/icon-192.png`,
  icon512: `/media/brand/${id}/icon-512.png`,
  maskable512: `/media/brand/${id}/icon-maskable-512.png`,
});

/** The spec's grid: 2, 3 and 4 columns, 16 px gap, 24 px margins. */
const grid = { xs: 2, sm: 3, lg: 4, gap: 16, margin: 24 };

const auroraTheme: BrandThemeVariant = {
  colors: {
    // Dark enough that a hovered button (85 % opacity) keeps white text at 4.5:1.
    primary: '#125468',
    onPrimary: '#ffffff',
    background: '#f8fafc',
    surface: '#ffffff',
    text: '#0f172a',
    textMuted: '#475569',
    accent: '#ea7a2e',
    error: '#b91c1c',
    navigationBar: '#ffffff',
    // Darker than primary: inactive tabs show it at 70 % opacity and must still read at 4.5:1 on white.
    onNavigationBar: '#0e3d4d',
    card: '#ffffff',
  },
  fonts: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    heading: 'Georgia, "Times New Roman", serif',
    image: 'Georgia, "Times New Roman", serif',
    preamble: 'Georgia, "Times New Roman", serif',
    tag: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  },
  buttonRadius: 24,
  cardRadius: 12,
  grid,
};

const borealisTheme: BrandThemeVariant = {
  colors: {
    primary: '#a3e635',
    onPrimary: '#0b1a12',
    background: '#0b1a12',
    surface: '#12261a',
    text: '#ecfccb',
    textMuted: '#a8bba0',
    accent: '#f97316',
    error: '#f87171',
    navigationBar: '#050d08',
    onNavigationBar: '#a3e635',
    card: '#12261a',
  },
  fonts: {
    body: '"Helvetica Neue", Helvetica, Arial, sans-serif',
    heading: 'ui-monospace, Menlo, Consolas, "Liberation Mono", monospace',
    image: 'ui-monospace, Menlo, Consolas, "Liberation Mono", monospace',
    preamble: '"Helvetica Neue", Helvetica, Arial, sans-serif',
    tag: 'ui-monospace, Menlo, Consolas, monospace',
  },
  buttonRadius: 2,
  cardRadius: 0,
  grid,
};

export const aurora: BrandRow = {
  id: 'aurora',
  name: 'Aurora',
  appHosts: ['localhost', 'aurora.localhost', '127.0.0.1'],
  authTenantId: 'aurora-tenant',
  contactEmail: 'kundservice@aurora.test',
  logoUrl: '/media/brand/aurora/logo.svg',
  icons: demoIcons,
  theme: { light: auroraTheme },
  navigationBar: [
    { key: 'mixedFeed', label: l('Home', 'Hem', 'Hjem'), icon: 'home', path: '/' },
    { key: 'editorial', label: l('Stories', 'Reportage', 'Reportasjer'), icon: 'editorial', path: '/editorial' },
    { key: 'benefit', label: l('Benefits', 'Förmåner', 'Fordeler'), icon: 'benefit', path: '/benefit' },
    { key: 'live', label: l('Live', 'Live', 'Live'), icon: 'live', path: '/live' },
    { key: 'more', label: l('More', 'Mer', 'Mer'), icon: 'more', path: '/more' },
  ],
  settings: {
    referralCodeInputType: 'options',
    referralCodeInputFieldLength: 6,
    referralCodeInputHint: l(
      'Choose your card, or enter the first six digits of another card',
      'Välj ditt kort, eller ange de sex första siffrorna i ett annat kort',
      'Velg kortet ditt, eller skriv inn de seks første sifrene i et annet kort',
    ),
    verifyWithSsn: false,
    ssnInfo: '',
    terms: { label: l('Terms of membership', 'Medlemsvillkor', 'Medlemsvilkår'), url: '/media/brand/aurora/terms.html' },
    gdpr: { label: l('Privacy policy', 'Integritetspolicy', 'Personvernerklæring'), url: '/media/brand/aurora/privacy.html' },
    showEditorial: true,
    showBenefit: true,
    showLive: true,
    restaurant: true,
    // Signed-out visitors browse and search the public offers; member-only ones ask them to sign in.
    visitorBrowsing: true,
    showBrandRoleName: true,
    offerTheme: 'default',
    appIcons: appIcons('aurora'),
    // Native containers below this are sent to the store; a plain browser never is.
    minimumContainerVersion: '2.0.0',
    appStoreUrl: 'https://apps.apple.com/se/app/aurora-klubb/id1234567890',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=test.aurora.klubb',
    // A Swedish club: its venues' clock, Swedish conventions, and Swedish where a text lacks the member's language.
    timeZone: 'Europe/Stockholm',
    region: 'SE',
    defaultLanguage: 'sv',
  },
};

export const borealis: BrandRow = {
  id: 'borealis',
  name: 'Borealis',
  appHosts: ['borealis.localhost'],
  authTenantId: 'borealis-tenant',
  contactEmail: 'hello@borealis.test',
  logoUrl: '/media/brand/borealis/logo.svg',
  icons: demoIcons,
  theme: { light: borealisTheme },
  navigationBar: [
    { key: 'mixedFeed', label: l('Start', 'Start', 'Start'), icon: 'home', path: '/' },
    { key: 'benefit', label: l('Perks', 'Förmåner', 'Fordeler'), icon: 'benefit', path: '/benefit' },
    { key: 'live', label: l('Events', 'Evenemang', 'Arrangementer'), icon: 'live', path: '/live' },
    { key: 'more', label: l('More', 'Mer', 'Mer'), icon: 'more', path: '/more' },
  ],
  settings: {
    referralCodeInputType: 'code',
    referralCodeInputFieldLength: 6,
    referralCodeInputHint: l(
      'Enter the 6-digit code from your invitation',
      'Ange den sexsiffriga koden från din inbjudan',
      'Skriv inn den sekssifrede koden fra invitasjonen din',
    ),
    verifyWithSsn: true,
    ssnInfo: l(
      'We check your Swedish personal identity number (YYYYMMDDXXXX) once, to confirm your membership. Partners never see it.',
      'Vi kontrollerar ditt personnummer (ÅÅÅÅMMDDXXXX) en gång för att bekräfta ditt medlemskap. Våra partner ser det aldrig.',
      'Vi sjekker det svenske personnummeret ditt (ÅÅÅÅMMDDXXXX) én gang for å bekrefte medlemskapet. Partnerne våre ser det aldri.',
    ),
    terms: { label: l('Terms of membership', 'Medlemsvillkor', 'Medlemsvilkår'), url: '/media/brand/borealis/terms.html' },
    gdpr: { label: l('Privacy policy', 'Integritetspolicy', 'Personvernerklæring'), url: '/media/brand/borealis/privacy.html' },
    showEditorial: false,
    showBenefit: true,
    showLive: true,
    restaurant: true,
    // Signed-out visitors browse and search the public offers; member-only ones ask them to sign in.
    visitorBrowsing: true,
    showBrandRoleName: false,
    offerTheme: 'default',
    appIcons: appIcons('borealis'),
    // Native containers below this are sent to the store; a plain browser never is.
    minimumContainerVersion: '2.0.0',
    appStoreUrl: 'https://apps.apple.com/no/app/borealis-club/id1234567891',
    playStoreUrl: 'https://play.google.com/store/apps/details?id=test.borealis.club',
    // A Norwegian club: Oslo's clock, Norwegian conventions, and Bokmål where a text lacks the member's language.
    timeZone: 'Europe/Oslo',
    region: 'NO',
    defaultLanguage: 'nb',
  },
};

export const demoBrands = [aurora, borealis];
