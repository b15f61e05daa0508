import type { JSONWebKeySet } from 'jose';
import { verifyTicket } from '../server/tickets/ticketCodes.ts';
import { demoBrands, originOf, password } from './demo.ts';
import { openPage, type Flow } from './flow.ts';
import type { Query } from './screen.ts';

const aurora = demoBrands.aurora;
const signInDialog: Query = { role: 'dialog', name: 'Sign in' };
const cartDrawer: Query = { role: 'dialog', name: 'Cart' };
const cardForm: Query = { role: 'form', name: 'Card payment' };
/** The stacked page the member sees now (others stay mounted, hidden or inert). */
const shownPage: Query = { css: 'section[data-path]' };

/**
 * The paid loop (e2e/checkout.spec.ts and tickets.spec.ts in Chromium): Aurora's demo member signs
 * in, opens the featured event's evening in its third city, puts a ticket in the cart, pays with
 * the embedded stand-in's card form, and finds the order with its ticket's QR code (which verifies
 * with the brand's key) under My orders.
 */
export const paidLoop: Flow = {
  name: 'paid loop: Aurora member signs in, buys a ticket with the card form, sees it under My orders',
  // Signing in, adding to the cart, paying: nothing is refused on the way.
  expected: [],
  async run(context) {
    const origin = originOf('aurora', context.port);
    const { page, ui, leave } = await openPage(context);

    // Signed out, the feed with the header's Sign in, which opens the form in a dialog.
    await page.goto(`${origin}/`);
    await ui.click({ role: 'button', name: 'Sign in', within: { role: 'banner' } });
    await ui.fill({ label: 'E-mail', within: signInDialog }, aurora.email);
    await ui.fill({ label: 'Password', within: signInDialog }, password);
    await ui.click({ role: 'button', name: 'Sign in', within: signInDialog });
    await ui.expectGone(signInDialog);
    // A new demo server: the member's cart is empty.
    await ui.find({ role: 'button', name: 'Cart, empty' });

    // The featured event's evening in the third city.
    await page.goto(`${origin}/live/${aurora.event}`);
    await ui.expectText({ role: 'heading', level: 1, within: shownPage }, aurora.publicTitle);
    await ui.select({ label: 'City', within: shownPage }, { label: aurora.thirdCity });
    await ui.click({ role: 'button', name: 'Buy tickets' });
    const addToCart: Query = { role: 'dialog', name: 'Add to cart' };
    await ui.fill({ label: 'Quantity', within: addToCart }, '1');
    await ui.click({ role: 'button', name: 'Add to cart', within: addToCart });
    await ui.expectGone(addToCart);
    await ui.find({ role: 'button', name: /^Cart, 1 item/ });

    // The cart drawer, the checkout, the stand-in's card form.
    await ui.click({ role: 'button', name: /^Cart/ });
    await ui.click({ role: 'button', name: 'Go to checkout', within: cartDrawer });
    // The form knows the member's e-mail.
    await ui.expectValue({ label: 'E-mail', within: cardForm }, aurora.email);
    await ui.fill({ label: 'Card number', within: cardForm }, '4242 4242 4242 4242');
    await ui.fill({ label: 'Expiry (MM/YY)', within: cardForm }, '12/30');
    await ui.fill({ label: 'CVC', within: cardForm }, '123');
    await ui.click({ role: 'button', name: /^Pay /, within: cardForm });

    const confirmation: Query = { role: 'status', name: 'Order confirmed' };
    await ui.expectText(confirmation, 'Thank you for your order!');
    const orderNumber = (await ui.expectText({ text: /^Order number: \S+$/, within: confirmation }, /^Order number: /)).replace('Order number: ', '');
    await ui.find({ role: 'button', name: 'Cart, empty' });

    // My orders: the order's closed panel opens to its ticket, a QR code signed with Aurora's key.
    await ui.click({ role: 'link', name: 'See your orders', within: confirmation });
    await ui.find({ role: 'heading', level: 1, name: 'My orders' });
    const toggle: Query = { role: 'button', name: new RegExp(`^Order ${orderNumber}\\b`) };
    const orderId = ((await (await ui.find(toggle)).evaluate((button) => button.getAttribute('aria-controls'))) ?? '').replace(/^order-/, '');
    await ui.click(toggle);
    const panel: Query = { role: 'region', name: `Order ${orderNumber}` };
    const ticket = await ui.find({ role: 'img', name: /^Ticket 1 of 1: .+ Show this QR code at the door\.$/, within: panel });
    const code = await ticket.evaluate((image) => image.getAttribute('data-qr-content') ?? '');
    const drawn = await ticket.evaluate((image) => image.querySelectorAll('path, rect').length);
    if (drawn === 0) throw new Error('the ticket QR code draws nothing');
    const keys = await fetch(`http://127.0.0.1:${context.port}/v1/get/tickets/public_keys?appUrl=${encodeURIComponent(origin)}`).then((answer) => answer.json() as Promise<JSONWebKeySet>);
    const checked = await verifyTicket(code, keys, 'aurora');
    if (!checked.ok || checked.claims.orderId !== orderId || checked.claims.offerId !== aurora.event) {
      throw new Error(`the ticket's QR code does not verify as order ${orderId} of ${aurora.event}: ${JSON.stringify(checked)}`);
    }

    await leave();
  },
};
