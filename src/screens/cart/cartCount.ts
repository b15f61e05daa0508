import type { SnapshotFrom } from 'xstate';
import { cartBadgeCount, type cartMachine } from '../../../machines/cart.machine.ts';

/** The number on the cart button: units in the cart as the member sees it (pending changes included). */
export const cartCount = (snapshot: SnapshotFrom<typeof cartMachine>): number => cartBadgeCount(snapshot.context);
