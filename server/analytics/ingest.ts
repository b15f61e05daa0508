import { Compile } from 'typebox/compile';
import { AnalyticsBatch, AnalyticsEvent, type AnalyticsAnswer } from '../../contract/analytics.ts';
import type { Database } from '../db/database.ts';
import { badRequest } from '../errors.ts';
import type { IdentityProvider } from '../identity/identity.ts';
import type { BrandRow } from '../repositories/brands.repository.ts';
import type { NewAnalyticsEvent } from '../repositories/analyticsEvents.repository.ts';
import { admitAnalyticsEvents } from './bounds.ts';

/** Compiled once: every beacon checks up to 50 events. */
const batchShape = Compile(AnalyticsBatch);
const eventShape = Compile(AnalyticsEvent);

const base64 = /^[A-Za-z0-9+/]+={0,2}$/;
const utf8 = new TextDecoder('utf-8', { fatal: true });

const invalidPayload = (why: string) => badRequest('invalid_analytics_payload', `The body must be base64 of the JSON of an event or of {events, idToken}: ${why}`);

/** The body's events and the ID token a batch carries; a body that is not base64 JSON of either shape is a 400. */
export function decodeAnalyticsBody(body: string): { events: unknown[]; idToken?: string } {
  const compact = body.replace(/\s+/g, '');
  if (!base64.test(compact) || compact.length % 4 === 1) throw invalidPayload('it is not base64');
  let parsed: unknown;
  try {
    parsed = JSON.parse(utf8.decode(Buffer.from(compact, 'base64')));
  } catch {
    throw invalidPayload('it does not decode to UTF-8 JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw invalidPayload('it is not a JSON object');
  if (!('events' in parsed)) return { events: [parsed] };
  if (!batchShape.Check(parsed)) {
    const first = batchShape.Errors(parsed)[0];
    throw invalidPayload(`batch${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}`);
  }
  return parsed as { events: unknown[]; idToken?: string };
}

type Checked = { ok: true; event: AnalyticsEvent } | { ok: false; status: number; code: string; message: string };

/** One event against the contract and the request's brand (an event of another brand is never stored here). */
export function checkEvent(event: unknown, brandId: string): Checked {
  if (!eventShape.Check(event)) {
    const first = eventShape.Errors(event)[0];
    return { ok: false, status: 400, code: 'invalid_event', message: `event${first?.instancePath ?? ''} ${first?.message ?? 'is invalid'}` };
  }
  // Text columns and jsonb hold no NUL, and a lone surrogate is no text either (JSON.stringify escapes both).
  if (/\\u(0000|d[89a-f][0-9a-f]{2})/i.test(JSON.stringify(event))) return { ok: false, status: 400, code: 'invalid_event', message: 'event holds a character that cannot be stored' };
  if (event.brandId !== brandId) return { ok: false, status: 403, code: 'event_brand_mismatch', message: 'The event names another brand than the app URL it was sent from' };
  return { ok: true, event };
}

/** The uid of the ID token when it is a valid token of the brand's identity tenant, else null (never an error: analytics is for visitors too). */
async function verifiedUid(identity: IdentityProvider, brand: BrandRow, idToken: string | undefined): Promise<string | null> {
  if (!idToken) return null;
  const token = await identity.verifyIdToken(idToken).catch(() => null);
  return token && token.tenantId === brand.authTenantId ? token.uid : null;
}

function rowOf(brandId: string, event: AnalyticsEvent, member: boolean, receivedAt: Date): NewAnalyticsEvent {
  const { brandId: _brand, eventName, eventType, pathName, sessionId, userId, clientTimestamp, brandRoleId, legacyUserId, ...details } = event;
  const offerId = event.customParams?.offerId;
  return {
    brandId,
    eventName,
    eventType,
    path: pathName,
    offerId: typeof offerId === 'string' || typeof offerId === 'number' ? String(offerId) : null,
    sessionId,
    userId: member ? userId : null,
    clientAt: new Date(clientTimestamp),
    receivedAt,
    // The member's other ids are as trustworthy as the userId they come with.
    details: member ? { ...details, brandRoleId, ...(legacyUserId === undefined ? {} : { legacyUserId }) } : details,
  };
}

/**
 * Stores the events of one request for its brand: each is checked on its own, and the bad ones are
 * answered by their place in the batch while the rest are kept, as far as the brand's ingest
 * ceiling and storage budget let them (bounds.ts; the others are counted in `dropped`). `userId`
 * stays only on events of the member whose valid ID token came with the request.
 */
export async function ingestAnalytics(
  deps: { db: Database; identity: IdentityProvider; now: () => number },
  request: { brand: BrandRow; body: string; bearerToken?: string },
): Promise<AnalyticsAnswer> {
  const { events, idToken } = decodeAnalyticsBody(request.body);
  const uid = await verifiedUid(deps.identity, request.brand, request.bearerToken ?? idToken);
  const receivedAt = new Date(deps.now());
  const rows: NewAnalyticsEvent[] = [];
  const refused: AnalyticsAnswer['refused'] = [];
  events.forEach((candidate, index) => {
    const checked = checkEvent(candidate, request.brand.id);
    if (!checked.ok) return void refused.push({ index, status: checked.status, code: checked.code, message: checked.message });
    const member = uid !== null && checked.event.userId === uid;
    rows.push(rowOf(request.brand.id, checked.event, member, receivedAt));
  });
  const admitted = await admitAnalyticsEvents(deps.db, request.brand, rows, receivedAt.getTime());
  const dropped = admitted.droppedOverCeiling + admitted.droppedOverBudget;
  return { stored: admitted.stored, refused, ...(dropped > 0 ? { dropped } : {}) };
}
