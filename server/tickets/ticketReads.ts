import type { Database } from '../db/database.ts';
import { voidTicketIds } from '../repositories/tickets.repository.ts';
import { loadOrCreateTicketKey, ticketPublicKeys } from './ticketCodes.ts';

/** What a door scanner reads to check codes offline: the brand's public keys and its void tickets. */
export function createTicketReads(db: Database) {
  return {
    async publicKeys(brandId: string) {
      // A scanner set up before the first ticket still gets a key to check with.
      await loadOrCreateTicketKey(db, brandId);
      return ticketPublicKeys(db, brandId);
    },
    voidTicketIds: (brandId: string) => voidTicketIds(db, brandId),
  };
}

export type TicketReads = ReturnType<typeof createTicketReads>;
