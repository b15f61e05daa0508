/** One line of a cart as the API stores it (spec 3). */
export interface CartLine {
  itemVariantId: string;
  offerId: string;
  quantity: number;
}

/**
 * How lines of an update apply to a cart (spec 4 "Cart update"). 'add': an existing line for
 * the variant gets the quantity added; 'replace': its quantity is replaced; either way a new
 * variant is appended. 'set': the cart becomes exactly the given list.
 */
export type CartUpdateAction = 'set' | 'add' | 'replace';

/** The cart after an update, lines kept in the order they were first added. */
export function applyCartUpdate(current: readonly CartLine[], action: CartUpdateAction, changes: readonly CartLine[]): CartLine[] {
  if (action === 'set') return changes.map((line) => ({ ...line }));
  const next = current.map((line) => ({ ...line }));
  for (const change of changes) {
    const existing = next.find((line) => line.itemVariantId === change.itemVariantId);
    if (!existing) next.push({ ...change });
    else existing.quantity = action === 'add' ? existing.quantity + change.quantity : change.quantity;
  }
  return next;
}

/** The cart without one variant's line. */
export const removeCartLine = (current: readonly CartLine[], itemVariantId: string): CartLine[] =>
  current.filter((line) => line.itemVariantId !== itemVariantId).map((line) => ({ ...line }));

/** The badge count: units in the cart. */
export const cartQuantity = (lines: readonly Pick<CartLine, 'quantity'>[]): number =>
  lines.reduce((sum, line) => sum + line.quantity, 0);

/** Spec 5: a quantity is an integer of at least 1, at most `max`; anything non-numeric resets to 1. */
export function clampQuantity(value: unknown, max: number | null): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return 1;
  const whole = Math.max(1, Math.trunc(n));
  return max === null ? whole : Math.max(1, Math.min(whole, max));
}
