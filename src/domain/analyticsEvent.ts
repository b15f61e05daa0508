/**
 * The analytics event (spec section 3) and the body of `POST /v1/a` (spec 7): pure, so every
 * field is tested without a browser. src/services/analytics.ts gathers and sends them.
 */
import type { AnalyticsEvent } from '../../contract/analytics.ts';
import type { AnalyticsEventName } from '../../contract/analyticsEvents.ts';
import type { ContainerVersion } from '../../domain/version.ts';
import type { DeviceProfile } from './deviceProfile.ts';

/** Spec 9: the default length of a random string. */
export const randomStringLength = 20;

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The largest multiple of 36 below 256: bytes from it up are drawn again, so every character is as likely. */
const fairBound = 256 - (256 % alphabet.length);

/** Random bytes (crypto.getRandomValues in the app). */
export type RandomBytes = (count: number) => Uint8Array;

/** `length` random uppercase letters or digits. */
export function randomString(randomBytes: RandomBytes, length = randomStringLength): string {
  let text = '';
  while (text.length < length) {
    for (const byte of randomBytes(length - text.length)) if (byte < fairBound) text += alphabet[byte % alphabet.length];
  }
  return text;
}

/** Spec 3 and 9: three groups of 10 random uppercase letters or digits, joined by hyphens. */
export function makeSessionId(randomBytes: RandomBytes): string {
  return [0, 1, 2].map(() => randomString(randomBytes, 10)).join('-');
}

/** What stays the same all page load: this browser and the app in it. */
export interface AnalyticsDevice {
  profile: DeviceProfile;
  userAgent: string;
  /** This app's version (spec 9). */
  coreVersion: string;
  sessionId: string;
}

/** Whom and what an event is about, as the app knows it when the event happens. */
export interface AnalyticsScope {
  brandId: string;
  /** The member's user id and brand role; null for a visitor. */
  userId: string | null;
  brandRoleId: string | null;
  /** The brand role's legacy id, sent only when it is a number. */
  legacyId?: unknown;
  /** The native container's version; null in a plain browser (sent as the spec's default 0.0.0 build 0). */
  container: ContainerVersion | null;
}

/** Where the event happened: the page's address. */
export interface AnalyticsPlace {
  origin: string;
  host: string;
  pathName: string;
}

export type CustomParams = Record<string, string | number | boolean | null>;

/** Spec 3: `legacyUserId` only when numeric (digits, as text). */
export function numericLegacyId(legacyId: unknown): string | undefined {
  const text = typeof legacyId === 'number' ? (Number.isSafeInteger(legacyId) && legacyId >= 0 ? String(legacyId) : '') : typeof legacyId === 'string' ? legacyId.trim() : '';
  return /^[0-9]{1,20}$/.test(text) ? text : undefined;
}

const clip = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

/** A page view is its own event type; everything else the member does is an interaction (spec 7). */
const eventTypeOf = (name: AnalyticsEventName) => (name === 'page_view' ? 'page_view' : 'interaction');

export interface EventFacts {
  device: AnalyticsDevice;
  scope: AnalyticsScope;
  place: AnalyticsPlace;
  /** Milliseconds since epoch. */
  at: number;
  name: AnalyticsEventName;
  customParams?: CustomParams;
}

/**
 * The spec's event. `href` is the page's address without its query and fragment: those can hold
 * one-time codes and tokens (password reset, e-mail sign-in links), never sent.
 */
export function buildAnalyticsEvent({ device, scope, place, at, name, customParams }: EventFacts): AnalyticsEvent {
  const pathName = place.pathName.startsWith('/') ? clip(place.pathName, 2048) : '/';
  const container = scope.container ?? { build: 0, version: '0.0.0' };
  const legacyUserId = scope.userId === null ? undefined : numericLegacyId(scope.legacyId);
  return {
    brandId: scope.brandId,
    brandRoleId: scope.userId === null ? null : scope.brandRoleId,
    browser: device.profile.browser,
    clientTimestamp: Math.max(0, Math.round(at)),
    containerType: device.profile.device.containerType,
    deviceName: clip(device.profile.device.name, 100),
    deviceType: device.profile.device.type,
    href: clip(`${place.origin}${pathName}`, 2048),
    eventName: name,
    eventType: eventTypeOf(name),
    host: clip(place.host, 253),
    coreVersion: clip(device.coreVersion, 40),
    containerVersion: clip(container.version, 40),
    containerBuild: container.build,
    os: device.profile.os,
    pathName,
    platform: 'core',
    sessionId: device.sessionId,
    userAgent: clip(device.userAgent, 512),
    userId: scope.userId,
    ...(legacyUserId === undefined ? {} : { legacyUserId }),
    ...(customParams && Object.keys(customParams).length > 0 ? { customParams } : {}),
  };
}

/** Browsers queue at most 64 KiB of beacons; the server takes no bigger body. */
export const maxBodyLength = 64 * 1024;

const utf8 = new TextEncoder();

/** Base64 (standard alphabet) of the text's UTF-8 bytes. */
export function base64OfText(text: string): string {
  const bytes = utf8.encode(text);
  let binary = '';
  // In slices: one String.fromCharCode call per byte array would overflow the stack on big bodies.
  for (let i = 0; i < bytes.length; i += 0x2000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x2000));
  return btoa(binary);
}

const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * The bodies of `POST /v1/a` for these events: base64 of the JSON of `{events, idToken?}`, each
 * at most `maxEvents` events and `maxBodyLength` characters. An event too big to go alone is left out.
 */
export function analyticsBodies(events: AnalyticsEvent[], idToken: string | null, maxEvents: number, maxLength = maxBodyLength): string[] {
  const tail = idToken ? `],"idToken":${JSON.stringify(idToken)}}` : ']}';
  const frame = utf8.encode(`{"events":[`).length + utf8.encode(tail).length;
  const bodies: string[] = [];
  let batch: string[] = [];
  let bytes = frame;
  const close = () => {
    if (batch.length > 0) bodies.push(base64OfText(`{"events":[${batch.join(',')}${tail}`));
    batch = [];
    bytes = frame;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = utf8.encode(json).length;
    if (base64Length(frame + size) > maxLength) continue;
    const comma = batch.length > 0 ? 1 : 0;
    if (batch.length >= maxEvents || base64Length(bytes + comma + size) > maxLength) close();
    bytes += (batch.length > 0 ? 1 : 0) + size;
    batch.push(json);
  }
  close();
  return bodies;
}
