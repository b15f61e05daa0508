import { fromPromise } from 'xstate';
import { bankIdSignInMachine } from '../../machines/bankIdSignIn.machine.ts';
import { bankIdQrCode, cancelBankIdOrder, collectBankIdOrder, startBankIdOrder } from '../api/eid.ts';
import { BankIdOrder } from '../screens/signIn/BankIdOrder.tsx';
import { wired, type WiringDeps } from './wired.tsx';

/** A BankID order: the order runs at the API; its token signs in with the identity provider. */
export function wireBankIdOrder({ api, identity }: WiringDeps) {
  return {
    logic: bankIdSignInMachine.provide({
      actors: {
        startOrder: fromPromise(() => startBankIdOrder(api)),
        collectOrder: fromPromise(({ input }: { input: { orderRef: string } }) => collectBankIdOrder(api, input.orderRef)),
        loadQrCode: fromPromise<{ qrCode: string }, { orderRef: string }>(({ input }) => bankIdQrCode(api, input.orderRef)),
        cancelOrder: fromPromise<unknown, { orderRef: string }>(({ input }) => cancelBankIdOrder(api, input.orderRef)),
        signInWithCustomToken: fromPromise<unknown, { token: string }>(({ input }) => identity().signInWithCustomToken(input.token)),
      },
      actions: {
        reportAbandonFailed: (_, { code }) => console.warn('BankID order not cancelled:', code),
      },
    }),
  };
}

/** The order's view with its wiring: one lazy chunk, loaded when the member starts an order. */
export const WiredBankIdOrder = wired(BankIdOrder, wireBankIdOrder);
