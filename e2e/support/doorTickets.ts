import { expect, type APIRequestContext } from '@playwright/test';
import type { DoorPack } from '../../contract/door.ts';
import { e2ePort as port } from '../e2eServer.ts';
import { personalNumber, uniqueEmail } from '../pages/newAccounts.ts';

const local = `http://localhost:${port}`;
const password = 'Password1';

export const doorBrands = {
  aurora: { brandId: 'aurora', origin: `http://aurora.localhost:${port}`, door: 'door@aurora.test', member: 'member@aurora.test', referralCode: '522660' },
  borealis: { brandId: 'borealis', origin: `http://borealis.localhost:${port}`, door: 'door@borealis.test', member: 'member@borealis.test', referralCode: 'AB12CD' },
} as const;
export type DoorBrand = keyof typeof doorBrands;

/** The seeded evening at the door, tonight (server/db/seed/doorEvening.ts): one variant, whose id is the evening's. */
export const doorEvening = (brand: DoorBrand) => ({ offerId: `${brand}-door-evening`, itemVariantId: `${brand}-door-evening-v0`, eveningId: `${brand}-door-evening-v0` });

async function findBrand(request: APIRequestContext, brand: DoorBrand) {
  const answer = await request.get(`${local}/v1/get/brand`, { params: { appUrl: doorBrands[brand].origin, authTenantIdSelect: true } });
  return (await answer.json()) as { id: string; authTenantId: string; settings: { verifyWithSsn: boolean } };
}

/** Signs in with the password at the embedded identity provider, as the app does: the calls' headers. */
export async function headersOf(request: APIRequestContext, brand: DoorBrand, email: string) {
  const { authTenantId } = await findBrand(request, brand);
  const signedIn = await request.post(`${local}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=x`, {
    data: { email, password, tenantId: authTenantId, returnSecureToken: true },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { idToken } = (await signedIn.json()) as { idToken: string };
  return { 'X-App-Url': doorBrands[brand].origin, Authorization: `Bearer ${idToken}` };
}

/**
 * Paid tickets of tonight's evening for a fresh member, bought through the API as the app buys
 * them (create and set up the account, cart, checkout, the card form's payment through the
 * embedded provider): answers the tickets' codes as My orders shows them, and the holder.
 */
export async function buyDoorTickets(request: APIRequestContext, brand: DoorBrand, quantity = 1): Promise<{ codes: string[]; email: string }> {
  const found = await findBrand(request, brand);
  const origin = { 'X-App-Url': doorBrands[brand].origin };
  const email = uniqueEmail('door', `${found.id}.test`);
  const identity = found.settings.verifyWithSsn ? { ssn: personalNumber() } : { firstName: 'Dora', lastName: 'Doorway' };
  const created = await request.post(`${local}/v1/create/user`, { headers: origin, data: { brandId: found.id, signInType: 'password', email, password, termsAccepted: true, ...identity } });
  expect(created.status(), await created.text()).toBe(200);
  const completed = await request.post(`${local}/v1/complete_onboardning/user`, {
    headers: await headersOf(request, brand, email),
    data: { phoneNumber: '+46701112233', password, referralCode: doorBrands[brand].referralCode },
  });
  expect(completed.status(), await completed.text()).toBe(200);
  // Set-up ends the tokens signed before it.
  const headers = await headersOf(request, brand, email);
  const cart = await request.put(`${local}/v1/update/user/shopping_cart`, { headers, data: { shopingCartItemList: [{ ...doorEvening(brand), quantity }] } });
  expect(cart.status(), await cart.text()).toBe(200);
  const checkout = await request.post(`${local}/v1/payment/checkout`, { headers, data: {} });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const session = (await checkout.json()) as { id: string; clientSecret: string };
  const paid = await request.post(`${local}/v1/payment/local/confirm`, {
    headers,
    data: { stripeCheckoutSessionId: session.id, clientSecret: session.clientSecret, name: 'Dora Doorway', email, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: 30, cvc: '123' },
  });
  expect(paid.status(), await paid.text()).toBe(200);
  const orders = await request.get(`${local}/v1/get_list/order_history`, { headers });
  expect(orders.status(), await orders.text()).toBe(200);
  const tickets = ((await orders.json()) as { ticketList: { code: string; itemVariantId: string }[] }[]).flatMap((order) => order.ticketList);
  const codes = tickets.filter((ticket) => ticket.itemVariantId === doorEvening(brand).itemVariantId).map((ticket) => ticket.code);
  expect(codes).toHaveLength(quantity);
  return { codes, email };
}

/** The evening's offline pack as door staff load it: the names the door shows. */
export async function doorPack(request: APIRequestContext, brand: DoorBrand): Promise<DoorPack> {
  const answer = await request.get(`${local}/v1/door/evenings/${doorEvening(brand).eveningId}/pack`, { headers: await headersOf(request, brand, doorBrands[brand].door) });
  expect(answer.status(), await answer.text()).toBe(200);
  return (await answer.json()) as DoorPack;
}

export const doorApi = { local };
