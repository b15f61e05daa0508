import { Type, type Static } from 'typebox';

export const ThemeColors = Type.Object({
  primary: Type.String(),
  onPrimary: Type.String(),
  background: Type.String(),
  surface: Type.String(),
  text: Type.String(),
  textMuted: Type.String(),
  accent: Type.String(),
  error: Type.String(),
  navigationBar: Type.String(),
  onNavigationBar: Type.String(),
  card: Type.String(),
});

export const ThemeFonts = Type.Object({
  body: Type.String(),
  heading: Type.String(),
  image: Type.String(),
  preamble: Type.String(),
  tag: Type.String(),
});

export const BrandThemeVariant = Type.Object({
  colors: ThemeColors,
  fonts: ThemeFonts,
  buttonRadius: Type.Integer(),
  cardRadius: Type.Integer(),
  grid: Type.Object({
    xs: Type.Integer(),
    sm: Type.Integer(),
    lg: Type.Integer(),
    gap: Type.Integer(),
    margin: Type.Integer(),
  }),
});
export type BrandThemeVariant = Static<typeof BrandThemeVariant>;

export const BrandTheme = Type.Object({ light: BrandThemeVariant });
export type BrandTheme = Static<typeof BrandTheme>;

export const NavigationBarEntry = Type.Object({
  /** Offer type or section the entry opens: mixedFeed, editorial, benefit, live, search, more. */
  key: Type.String(),
  label: Type.String(),
  icon: Type.String(),
  path: Type.String(),
});
export type NavigationBarEntry = Static<typeof NavigationBarEntry>;

export const BrandAppIcons = Type.Object({
  /** SVG, for the browser tab. */
  favicon: Type.String(),
  /** PNG 180×180, opaque, for iOS home screens. */
  appleTouchIcon: Type.String(),
  /** PNG 192×192 and 512×512, for the web app manifest. */
  icon192: Type.String(),
  icon512: Type.String(),
  /** PNG 512×512 with its mark inside the central 80 % (the manifest's `maskable`). */
  maskable512: Type.Optional(Type.String()),
});
export type BrandAppIcons = Static<typeof BrandAppIcons>;

export const BrandSettings = Type.Object({
  referralCodeInputType: Type.Union([
    Type.Literal('options'),
    Type.Literal('code'),
    Type.Literal('text'),
    Type.Literal('none'),
  ]),
  referralCodeInputFieldLength: Type.Integer(),
  referralCodeInputHint: Type.String(),
  verifyWithSsn: Type.Boolean(),
  ssnInfo: Type.String(),
  terms: Type.Object({ label: Type.String(), url: Type.String() }),
  gdpr: Type.Object({ label: Type.String(), url: Type.String() }),
  showEditorial: Type.Boolean(),
  showBenefit: Type.Boolean(),
  showLive: Type.Boolean(),
  restaurant: Type.Boolean(),
  showBrandRoleName: Type.Boolean(),
  offerTheme: Type.String(),
  /** Lowest container version allowed to run; older containers see the force-update screen. */
  minimumContainerVersion: Type.String(),
  appStoreUrl: Type.String(),
  playStoreUrl: Type.String(),
  /** How long a place freed for the first member of a waiting list is held for them (hours; 2 when absent; never more than a quarter of the time left before the evening). */
  waitingListHoldHours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 168 })),
  /** Minutes one member's checkouts may hold units of one variant within 6 hours without buying it (45 when absent; docs/checkout.md). */
  checkoutHoldMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 360 })),
  /** Places members joining from one client address may hold on one variant's waiting list (2 when absent). */
  waitingListPlacesPerAddress: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  /** IANA time zone of the brand's venues: event times are shown in it whatever the device's zone (Europe/Stockholm when absent). */
  timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** ISO 3166 country whose conventions dates and amounts follow, in every language (SE when absent). */
  region: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$' })),
  /** The language brand texts fall back to when they are missing in the member's (en when absent). */
  defaultLanguage: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('sv'), Type.Literal('nb')])),
  /** Signed-out visitors may browse and search the offers that need no sign-in (off when absent: the sign-in wall). */
  visitorBrowsing: Type.Optional(Type.Boolean()),
  /** The app sends no analytics events (`POST /v1/a`, spec 7) for this brand (sent when absent). */
  analyticsDisabled: Type.Optional(Type.Boolean()),
  /** The brand's test mode: the hidden test page /more/dev_test and its tile show in any build (off when absent). */
  testMode: Type.Optional(Type.Boolean()),
  /** The app's icons (image URLs; `icons` holds the drawings of the UI's icons): the browser tab's, the home screen's and the manifest's. */
  appIcons: Type.Optional(BrandAppIcons),
});
export type BrandSettings = Static<typeof BrandSettings>;

export const Brand = Type.Object({
  id: Type.String(),
  name: Type.String(),
  authTenantId: Type.Optional(Type.String()),
  contact: Type.Object({ email: Type.String() }),
  logoUrl: Type.String(),
  icons: Type.Record(Type.String(), Type.String()),
  theme: BrandTheme,
  navigationBar: Type.Array(NavigationBarEntry),
  settings: BrandSettings,
});
export type Brand = Static<typeof Brand>;

export const BrandQuery = Type.Object({
  appUrl: Type.String({ minLength: 1, maxLength: 2048 }),
  authTenantIdSelect: Type.Optional(Type.Boolean()),
});

export const BrandRole = Type.Object({
  id: Type.String(),
  legacyId: Type.Optional(Type.Integer()),
  brandRoleId: Type.String(),
  firstName: Type.String(),
  lastName: Type.String(),
  name: Type.String(),
});
export type BrandRole = Static<typeof BrandRole>;
