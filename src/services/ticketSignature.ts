import type { JSONWebKeySet } from 'jose';
import type { SignatureCheck } from '../../machines/doorScan.rules.ts';

/** The brand a code's payload names, read without trusting it: for telling another brand's ticket from a forged one. */
function claimedBrandOf(code: string): string | null {
  try {
    const payload = JSON.parse(atob(code.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { b?: unknown };
    return typeof payload.b === 'string' ? payload.b : null;
  } catch {
    return null;
  }
}

/** Loads jose now, with the door screen: an offline check must not need the network to load it. */
export function preloadTicketVerifier(): void {
  void import('jose').catch(() => undefined);
}

/**
 * A ticket code (docs/tickets.md: compact JWS, EdDSA, typ klubb-ticket+jws) checked against the
 * brand's public keys on the device; jose loads with the first check.
 */
export async function checkTicketSignature(code: string, publicKeys: JSONWebKeySet): Promise<SignatureCheck> {
  const text = code.trim();
  const refused: SignatureCheck = { valid: false, claimedBrandId: claimedBrandOf(text) };
  if (!/^[\w-]+\.[\w-]+\.[\w-]+$/.test(text)) return refused;
  const { compactVerify, createLocalJWKSet } = await import('jose');
  try {
    const verified = await compactVerify(text, createLocalJWKSet(publicKeys), { algorithms: ['EdDSA'] });
    if (verified.protectedHeader.typ !== 'klubb-ticket+jws') return refused;
    const payload = JSON.parse(new TextDecoder().decode(verified.payload)) as { t?: unknown; o?: unknown; v?: unknown; b?: unknown };
    const { t, o, v, b } = payload;
    if (typeof t !== 'string' || typeof o !== 'string' || typeof v !== 'string' || typeof b !== 'string') return refused;
    return { valid: true, ticketId: t, offerId: o, variantId: v, brandId: b };
  } catch {
    return refused;
  }
}
