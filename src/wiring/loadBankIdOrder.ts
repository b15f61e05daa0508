/** The BankID order's view with its wiring, downloaded when a member starts an order (sign-in page and the visitor's dialog). */
export const loadBankIdOrder = () => import('./bankIdOrder.wiring.ts').then((m) => ({ default: m.WiredBankIdOrder }));
