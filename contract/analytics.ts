import { Type, type Static } from 'typebox';
import { analyticsEventNames, maxEventsPerRequest, sessionIdPattern } from './analyticsEvents.ts';

const text = (maxLength: number) => Type.String({ maxLength });
const orNull = <T extends ReturnType<typeof text>>(schema: T) => Type.Union([schema, Type.Null()]);

/** A value in `customParams`: what the event is about (offerId, type, offset, categoryId, ...). */
const CustomValue = Type.Union([text(500), Type.Number(), Type.Boolean(), Type.Null()]);

/**
 * The analytics event (spec section 3). `brandId` must be the brand of the app URL the request
 * comes from; `userId` is kept only when the request carries a valid ID token of that user (else
 * the event is stored as a visitor's). `clientTimestamp` is milliseconds since epoch.
 * `customParams.offerId` names the offer of offer_opened, added_to_cart and the like.
 */
export const AnalyticsEvent = Type.Object(
  {
    brandId: Type.String({ minLength: 1, maxLength: 200 }),
    brandRoleId: orNull(text(200)),
    browser: Type.Enum(['chrome', 'firefox', 'edge', 'edge chromium', 'opera', 'safari', 'internet explorer', 'unknown']),
    clientTimestamp: Type.Integer({ minimum: 0, maximum: 8_640_000_000_000_000 }),
    containerType: Type.Enum(['web', 'iframe', 'ios-wv', 'android-wv', 'unknown']),
    deviceName: text(100),
    deviceType: Type.Enum(['mobile', 'tablet', 'desktop', 'unknown']),
    href: text(2048),
    eventName: Type.Enum(analyticsEventNames),
    eventType: Type.String({ pattern: '^[a-z][a-z_]{0,39}$' }),
    host: text(253),
    coreVersion: text(40),
    containerVersion: text(40),
    containerBuild: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
    os: Type.Enum(['iOS', 'OSX', 'android', 'linux', 'windows', 'unknown']),
    pathName: Type.String({ pattern: '^/', maxLength: 2048 }),
    platform: Type.Literal('core'),
    sessionId: Type.String({ pattern: sessionIdPattern }),
    userAgent: text(512),
    userId: orNull(text(200)),
    legacyUserId: Type.Optional(Type.String({ pattern: '^[0-9]{1,20}$' })),
    customParams: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), CustomValue, { maxProperties: 20 })),
  },
  { additionalProperties: false },
);
export type AnalyticsEvent = Static<typeof AnalyticsEvent>;

/**
 * What the body of `POST /v1/a` decodes to: one event (as the spec sends it), or a batch with the
 * sender's ID token (sendBeacon can send no Authorization header). Events are checked one by one.
 */
export const AnalyticsBatch = Type.Object(
  {
    events: Type.Array(Type.Unknown(), { minItems: 1, maxItems: maxEventsPerRequest }),
    idToken: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export type AnalyticsBatch = Omit<Static<typeof AnalyticsBatch>, 'events'> & { events: AnalyticsEvent[] };

/** The body: base64 (standard alphabet) of the JSON of an event or a batch, sent as text/plain. */
export const AnalyticsBody = Type.String({ minLength: 1, maxLength: 64 * 1024 });

/**
 * The query of POST /v1/a: the app URL of the page that sends the beacon (its origin), as
 * GET /v1/get/brand takes it. A beacon cannot carry the X-App-Url header the app's other calls
 * send, and under the app's `Referrer-Policy: no-referrer` Firefox sends `Origin: null` and no
 * Referer: for an API on another origin its Host is the API's, which names no brand.
 */
export const AnalyticsQuery = Type.Object({ appUrl: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })) });

/** An event that was not stored, by its place in the batch, with the reason in the error shape. */
export const RefusedEvent = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  status: Type.Integer(),
  code: Type.String(),
  message: Type.String(),
});

export const AnalyticsAnswer = Type.Object({
  stored: Type.Integer({ minimum: 0 }),
  refused: Type.Array(RefusedEvent),
  /** Good events not stored because the brand's ingest ceiling or storage budget was reached (counted for the operator's report); absent when none. */
  dropped: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type AnalyticsAnswer = Static<typeof AnalyticsAnswer>;
