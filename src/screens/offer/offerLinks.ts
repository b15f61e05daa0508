import type { CallToAction, OfferType } from '../../../contract/offer.ts';
import { contactMailHref, type MailSender } from '../../components/contactMail.ts';

/** Sections an offer page can be seen from (spec 2.3). */
const knownSections = new Set(['mixedFeed', 'editorial', 'live', 'benefit']);

/** Where the page is shown from: its route's origin, or 'search' for /search/:type/:id. */
export interface OfferPlace {
  origin?: string;
  type: OfferType;
}

/** The section rich-text links are rewritten for: a known origin, else the offer's type. */
export function currentSectionOf(place: OfferPlace): string {
  return place.origin && knownSections.has(place.origin) ? place.origin : place.type;
}

/**
 * The companion offer's path (spec 2.3): `/{origin or type}/{id}`, or `/{origin}/{companionType}/{id}`
 * when its type differs. Seen from an origin that is no offer type (mixedFeed, search) the two-segment
 * form would be a missing page here, so the origin keeps the full `/{origin}/{type}/{id}` form.
 */
export function companionPath(place: OfferPlace, companion: { id: string; type: OfferType }): string {
  const origin = place.origin ?? place.type;
  if (companion.type !== place.type) return `/${origin}/${companion.type}/${companion.id}`;
  return place.origin ? `/${place.origin}/${companion.type}/${companion.id}` : `/${place.type}/${companion.id}`;
}

/** Hosts whose links open inside the app: the page's own host and the API's, if elsewhere. */
export function appHostsOf(pageHost: string, apiBase: string): string[] {
  const hosts = [pageHost];
  try {
    if (apiBase) hosts.push(new URL(apiBase).host);
  } catch {
    // A relative API base is the page's own host.
  }
  return [...new Set(hosts.filter(Boolean))];
}

/** Only web pages open from a call to action; anything else (javascript:, data:) is dropped. */
export function webUrl(url: string | undefined): URL | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/** Spec 7: the mail composer to the brand's contact (subject naming the member), the CTA message as body. */
export function mailToHref(email: string, sender: MailSender | null, message: string | undefined): string {
  const href = contactMailHref(email, sender);
  return message ? `${href}${href.includes('?') ? '&' : '?'}body=${encodeURIComponent(message)}` : href;
}

/**
 * The referral page link carrying the offer id and a token (spec 7): the token the server issued
 * for this member and offer (GET /v1/get/offer's referralToken), which the partner can verify.
 */
export function referralHref(cta: CallToAction, offerId: string, token: string): string | null {
  const url = webUrl(cta.url);
  if (!url) return null;
  url.searchParams.set('offerId', offerId);
  url.searchParams.set('token', token);
  return url.href;
}

/** Embeds load only from their own service's embed pages, over https; YouTube from its no-cookie host. */
export function embedUrl(kind: 'spotify' | 'youTube', src: string): string | null {
  const url = webUrl(src);
  if (!url || url.protocol !== 'https:' || !url.pathname.startsWith('/embed/')) return null;
  if (kind === 'spotify') return url.hostname === 'open.spotify.com' ? url.href : null;
  if (!['www.youtube.com', 'youtube.com', 'www.youtube-nocookie.com'].includes(url.hostname)) return null;
  url.hostname = 'www.youtube-nocookie.com';
  return url.href;
}
