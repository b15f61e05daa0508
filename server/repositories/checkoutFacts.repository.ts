import { sql } from 'drizzle-orm';
import type { CartLine } from '../../domain/cartUpdate.ts';
import type { Executor } from '../db/database.ts';
import { customFees, itemVariants, taxRates } from '../db/schema/index.ts';
import type { VariantWithOffer } from './itemVariants.repository.ts';
import { rowFromJson } from './jsonRows.ts';

/** When a member held a variant through one checkout: from its opening until it ended (or now). */
export type HoldInterval = { from: number; to: number };

/** What opening a checkout reads about the member, their cart and its variants, as of one moment. */
export interface CheckoutFacts {
  /** Null when the member has no profile in the brand. */
  email: string | null;
  cart: { version: number; lines: CartLine[] };
  variants: VariantWithOffer[];
  taxRates: (typeof taxRates.$inferSelect)[];
  /** The custom fees the cart's variants name. */
  fees: (typeof customFees.$inferSelect)[];
  /** Units of each variant the member bought already (paid orders). */
  bought: Map<string, number>;
  /** Per variant, the member's holds of the window that did not end in a purchase (the hold ceiling). */
  holdIntervals: Map<string, HoldInterval[]>;
}

type FactsRow = {
  email: string | null;
  cart_version: number | null;
  lines: CartLine[] | null;
  variants: { variant: Record<string, unknown>; offer: VariantWithOffer['offer'] }[] | null;
  tax_rates: Record<string, unknown>[] | null;
  fees: Record<string, unknown>[] | null;
  bought: Record<string, number> | null;
  hold_intervals: { variantId: string; from: string; to: string }[] | null;
};

/**
 * Everything an opening of a checkout decides on, in one statement (one round trip, one snapshot):
 * the member's e-mail, their cart with its variants and offers, the brand's tax rates, the fees the
 * variants name, what the member bought of them, and their holds since `holdWindowMs` before
 * `now`: checkouts that held a variant of the cart and did not end in a purchase, from opening
 * until they ended, counting only those opened after the member last bought the variant.
 */
export async function readCheckoutFacts(db: Executor, member: { brandId: string; userId: string }, now: number, holdWindowMs: number): Promise<CheckoutFacts> {
  const { brandId, userId } = member;
  // One round trip (`klubb_checkout_facts`, migration 0026).
  const result = await db.execute(sql`
    SELECT email, cart_version, lines, variants, tax_rates, fees, bought, hold_intervals
    FROM klubb_checkout_facts(${brandId}, ${userId}, ${new Date(now)}::timestamptz, ${new Date(now - holdWindowMs)}::timestamptz)`);
  const row = (result as unknown as { rows: FactsRow[] }).rows[0]!;
  const holdIntervals = new Map<string, HoldInterval[]>();
  for (const h of row.hold_intervals ?? []) {
    holdIntervals.set(h.variantId, [...(holdIntervals.get(h.variantId) ?? []), { from: new Date(h.from).getTime(), to: new Date(h.to).getTime() }]);
  }
  return {
    email: row.email,
    cart: { version: row.cart_version ?? 0, lines: row.lines ?? [] },
    variants: (row.variants ?? []).map(({ variant, offer }) => ({ variant: rowFromJson(itemVariants, variant), offer })),
    taxRates: (row.tax_rates ?? []).map((rate) => rowFromJson(taxRates, rate)),
    fees: (row.fees ?? []).map((fee) => rowFromJson(customFees, fee)),
    bought: new Map(Object.entries(row.bought ?? {}).map(([id, quantity]) => [id, Number(quantity)])),
    holdIntervals,
  };
}
