import { Type, type Static, type TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { isValidEmail } from '../../domain/validation.ts';
import type { brands, StoredBrandSettings, StoredNavigationBarEntry } from '../db/schema/brands.ts';
import { tenantIdPattern } from '../identity/tenants.ts';
import { appUrlHost } from '../appUrl.ts';
import {
  brandText,
  fileRules,
  isDocumentUrl,
  isHttpsUrl,
  isRecord,
  parseJson,
  refusedText,
  schemaProblems,
  type FileProblem,
  type ParsedFile,
} from '../operatorFiles/fileProblems.ts';

/*
 * The file an operator gives `npm run brand -- create|update` (and POST /admin/brand): everything
 * that makes a brand (docs/brands.md). It is checked whole, and every problem is named by its
 * JSON path; a file with problems changes nothing. FAQ, About and contact details come later from
 * `npm run brand:content`.
 */

const Colour = Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$', problem: 'must be a colour #rgb, #rrggbb or #rrggbbaa' });
// The theme is written into the app's HTML as CSS: nothing that could end a declaration or the style element.
const FontList = Type.String({ minLength: 1, maxLength: 300, pattern: '^[^;{}<>\\\\]+$', problem: 'must be a CSS font list of at most 300 characters, without ; { } < > or \\' });
const Pixels = (maximum: number) => Type.Integer({ minimum: 0, maximum, problem: `must be a whole number of pixels from 0 to ${maximum}` });
const Columns = (maximum: number) => Type.Integer({ minimum: 1, maximum, problem: `must be a number of columns from 1 to ${maximum}` });
const Address = Type.String({ minLength: 1, maxLength: 2048 });
const iconName = { pattern: '^[A-Za-z][A-Za-z0-9_-]{0,39}$', rule: 'a letter, then up to 39 letters, digits, - or _' };
const IconName = Type.String({ pattern: iconName.pattern, problem: `must be an icon name: ${iconName.rule}` });

const strict = { additionalProperties: false } as const;

const ThemeVariant = Type.Object(
  {
    colors: Type.Object(
      {
        primary: Colour,
        onPrimary: Colour,
        background: Colour,
        surface: Colour,
        text: Colour,
        textMuted: Colour,
        accent: Colour,
        error: Colour,
        navigationBar: Colour,
        onNavigationBar: Colour,
        card: Colour,
      },
      strict,
    ),
    fonts: Type.Object({ body: FontList, heading: FontList, image: FontList, preamble: FontList, tag: FontList }, strict),
    buttonRadius: Pixels(64),
    cardRadius: Pixels(64),
    grid: Type.Object({ xs: Columns(6), sm: Columns(6), lg: Columns(8), gap: Pixels(64), margin: Pixels(64) }, strict),
  },
  strict,
);

/** The sections a tab can open, and the path each one has. */
export const navigationPaths = { mixedFeed: '/', editorial: '/editorial', benefit: '/benefit', live: '/live', search: '/search', more: '/more' } as const;
type NavigationKey = keyof typeof navigationPaths;
const keyNames = Object.keys(navigationPaths).join(', ');

const NavigationEntry = Type.Object(
  {
    key: Type.Union(Object.keys(navigationPaths).map((key) => Type.Literal(key)), { problem: `must be one of ${keyNames}` }),
    label: brandText(40),
    icon: IconName,
  },
  strict,
);

const DocumentLink = Type.Object({ label: brandText(200), url: Address }, strict);

const AppIcons = Type.Object(
  { favicon: Address, appleTouchIcon: Address, icon192: Address, icon512: Address, maskable512: Type.Optional(Address) },
  strict,
);

const Settings = Type.Object(
  {
    referralCodeInputType: Type.Union([Type.Literal('options'), Type.Literal('code'), Type.Literal('text'), Type.Literal('none')], {
      problem: 'must be options, code, text or none',
    }),
    referralCodeInputFieldLength: Type.Integer({ minimum: 1, maximum: 32, problem: 'must be a length from 1 to 32' }),
    referralCodeInputHint: Type.Optional(brandText(500)),
    verifyWithSsn: Type.Boolean(),
    ssnInfo: Type.Optional(brandText(1000)),
    terms: DocumentLink,
    gdpr: DocumentLink,
    showEditorial: Type.Boolean(),
    showBenefit: Type.Boolean(),
    showLive: Type.Boolean(),
    restaurant: Type.Boolean(),
    showBrandRoleName: Type.Boolean(),
    offerTheme: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    minimumContainerVersion: Type.Optional(Type.String({ pattern: '^\\d{1,4}\\.\\d{1,4}\\.\\d{1,4}$', problem: 'must be a version like 2.0.0' })),
    appStoreUrl: Address,
    playStoreUrl: Address,
    waitingListHoldHours: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 168, problem: 'must be a number of hours above 0, at most 168' })),
    waitingListPlacesPerAddress: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, problem: 'must be a whole number from 1 to 50' })),
    checkoutHoldMinutes: Type.Optional(Type.Integer({ minimum: 5, maximum: 360, problem: 'must be a whole number of minutes from 5 to 360' })),
    timeZone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    region: Type.Optional(Type.String({ pattern: '^[A-Z]{2}$', problem: 'must be a country code of two capital letters, e.g. SE' })),
    defaultLanguage: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('sv'), Type.Literal('nb')], { problem: 'must be en, sv or nb' })),
    visitorBrowsing: Type.Optional(Type.Boolean()),
    analyticsDisabled: Type.Optional(Type.Boolean()),
    analyticsEventsPerMinute: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, problem: 'must be a whole number of events from 1 to 1000000' })),
    analyticsStorageMegabytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_048_576, problem: 'must be a whole number of megabytes from 1 to 1048576' })),
    testMode: Type.Optional(Type.Boolean()),
    appIcons: Type.Optional(AppIcons),
  },
  strict,
);

export const BrandFile = Type.Object(
  {
    id: Type.String({ pattern: '^[a-z][a-z0-9-]{1,39}$', problem: 'must be 2 to 40 lowercase letters, digits or -, starting with a letter' }),
    name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S', problem: 'must be a name of 1 to 100 characters' }),
    /** The addresses members open the app at; the brand is found by their host names. */
    appUrls: Type.Array(Address, { minItems: 1, maxItems: 20 }),
    /** The identity tenant of the brand's members; when absent, made with the brand (saveBrand.ts). */
    authTenantId: Type.Optional(Type.String({ pattern: tenantIdPattern.source, problem: 'must be 1 to 64 letters, digits or -' })),
    contactEmail: Type.String({ minLength: 1, maxLength: 320 }),
    logoUrl: Address,
    /** Drawings of the app's icons (name → SVG path for a 24×24 box); names left out use the built-in ones. */
    icons: Type.Optional(
      Type.Record(Type.String({ pattern: iconName.pattern }), Type.String({ minLength: 1, maxLength: 4000, pattern: '^[MmZzLlHhVvCcSsQqTtAaEe0-9.,+\\-\\s]+$', problem: 'must be an SVG path (d attribute)' }), {
        maxProperties: 100,
        keyProblem: iconName.rule,
      }),
    ),
    theme: Type.Object({ light: ThemeVariant }, strict),
    navigationBar: Type.Array(NavigationEntry, { minItems: 1, maxItems: 6 }),
    settings: Settings,
    /** E-mails of the staff who check tickets in at the door (issue 43): each gets the brand role `door` (doorStaff.ts). */
    doorStaff: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 320 }), { maxItems: 200 })),
  },
  strict,
);
export type BrandFile = Static<typeof BrandFile>;

/** What a good file writes: the brand's row (the tenant id is settled when it is written). */
export type BrandWrite = Omit<typeof brands.$inferInsert, 'createdAt' | 'authTenantId'> & {
  authTenantId: string | undefined;
  appHosts: string[];
  navigationBar: StoredNavigationBarEntry[];
  settings: StoredBrandSettings;
  /** Door staff e-mails, lower case (not a column: saveBrand.ts appoints them). */
  doorStaff?: string[];
};

/** An app URL's host name, or why it cannot be one: http(s), no path, query or credentials. */
function appUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.includes('://') ? value : `https://${value}`);
  } catch {
    return `"${value}" is not an address (e.g. https://club.example.com)`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `"${value}" is not an http(s) address`;
  if (url.username || url.password || (url.pathname !== '/' && url.pathname !== '') || url.search || url.hash) {
    return `"${value}" must be an address alone, without a path, query or credentials (e.g. https://club.example.com)`;
  }
  return null;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The checks the schema cannot express; each reads only values of the right type. */
function ruleProblems(file: Record<string, unknown>, out: FileProblem[]) {
  const { at, check } = fileRules(file, out);
  const appUrls = at('appUrls');
  if (Array.isArray(appUrls)) {
    const seen = new Map<string, number>();
    appUrls.forEach((value: unknown, i) => {
      if (typeof value !== 'string') return;
      const problem = appUrlProblem(value);
      if (problem) return void out.push({ path: `$.appUrls[${i}]`, message: problem });
      const host = appUrlHost(value)!;
      const first = seen.get(host);
      if (first === undefined) seen.set(host, i);
      else out.push({ path: `$.appUrls[${i}]`, message: `has the host ${host} of $.appUrls[${first}]` });
    });
  }
  check(['contactEmail'], isValidEmail, refusedText.email);
  check(['logoUrl'], isDocumentUrl, refusedText.documentUrl);
  for (const key of ['terms', 'gdpr']) check(['settings', key, 'url'], isDocumentUrl, refusedText.documentUrl);
  for (const key of ['appStoreUrl', 'playStoreUrl']) check(['settings', key], isHttpsUrl, refusedText.httpsUrl);
  const icons = at('settings', 'appIcons');
  if (isRecord(icons)) for (const key of Object.keys(icons)) check(['settings', 'appIcons', key], isDocumentUrl, refusedText.documentUrl);
  check(['settings', 'timeZone'], isTimeZone, (v) => `"${v}" is not a time zone (IANA name, e.g. Europe/Stockholm)`);
  const inputType = at('settings', 'referralCodeInputType');
  if (typeof inputType === 'string' && inputType !== 'none' && at('settings', 'referralCodeInputHint') === undefined) {
    out.push({ path: '$.settings.referralCodeInputHint', message: `is missing (members entering a referral ${inputType} need the hint)` });
  }
  if (at('settings', 'verifyWithSsn') === true && at('settings', 'ssnInfo') === undefined) {
    out.push({ path: '$.settings.ssnInfo', message: 'is missing (members asked for their personal identity number are told why)' });
  }
  const doorStaff = at('doorStaff');
  if (Array.isArray(doorStaff)) {
    const seen = new Map<string, number>();
    doorStaff.forEach((value: unknown, i) => {
      if (typeof value !== 'string') return;
      if (!isValidEmail(value.trim())) return void out.push({ path: `$.doorStaff[${i}]`, message: refusedText.email(value) });
      const email = value.trim().toLowerCase();
      const first = seen.get(email);
      if (first === undefined) seen.set(email, i);
      else out.push({ path: `$.doorStaff[${i}]`, message: `${email} is already $.doorStaff[${first}]` });
    });
  }
  const navigation = at('navigationBar');
  if (Array.isArray(navigation)) {
    const seen = new Map<unknown, number>();
    navigation.forEach((entry: unknown, i) => {
      if (!isRecord(entry) || typeof entry.key !== 'string') return;
      const first = seen.get(entry.key);
      if (first === undefined) seen.set(entry.key, i);
      else out.push({ path: `$.navigationBar[${i}].key`, message: `${entry.key} is already the tab $.navigationBar[${first}]` });
    });
    // Profile, orders, FAQ and sign-out live behind More: without it members could not reach them.
    if (navigation.every((entry: unknown) => isRecord(entry) && typeof entry.key === 'string') && !seen.has('more')) {
      out.push({ path: '$.navigationBar', message: 'has no more tab (members reach their profile, orders and FAQ there)' });
    }
  }
}

/** Checks a brand file (already read as JSON) and turns it into the brand's row. */
export function parseBrandFile(value: unknown): ParsedFile<BrandWrite> {
  const problems: FileProblem[] = [];
  schemaProblems(BrandFile as TSchema, value, '$', problems);
  if (isRecord(value)) ruleProblems(value, problems);
  if (problems.length > 0 || !Value.Check(BrandFile, value)) {
    return { ok: false, problems: problems.length > 0 ? problems : [{ path: '$', message: 'is not a brand file' }] };
  }
  const { settings } = value;
  return {
    ok: true,
    value: {
      id: value.id,
      name: value.name.trim(),
      appHosts: value.appUrls.map((url) => appUrlHost(url)!),
      authTenantId: value.authTenantId,
      contactEmail: value.contactEmail.trim(),
      logoUrl: value.logoUrl,
      icons: value.icons ?? {},
      theme: value.theme,
      navigationBar: value.navigationBar.map((entry) => ({ ...entry, path: navigationPaths[entry.key as NavigationKey] })),
      settings: {
        ...settings,
        referralCodeInputHint: settings.referralCodeInputHint ?? '',
        ssnInfo: settings.ssnInfo ?? '',
        offerTheme: settings.offerTheme ?? 'default',
        minimumContainerVersion: settings.minimumContainerVersion ?? '0.0.0',
      },
      ...(value.doorStaff ? { doorStaff: value.doorStaff.map((email) => email.trim().toLowerCase()) } : {}),
    },
  };
}

/** A brand file's text: JSON, else one problem saying where it breaks. */
export function parseBrandFileText(source: string): ParsedFile<BrandWrite> {
  const json = parseJson(source);
  return json.ok ? parseBrandFile(json.value) : json;
}
