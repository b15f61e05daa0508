import type { Order } from '../../contract/checkout.ts';
import type { Executor } from '../db/database.ts';
import type { TextLanguages } from '../language.ts';
import { orderHistory } from '../repositories/orders.repository.ts';
import type { Member } from './context.ts';

/** GET /v1/get_list/order_history: the member's orders, newest first, named in the language they are read in. */
export const memberOrders = (db: Executor, member: Member, languages: TextLanguages): Promise<Order[]> =>
  orderHistory(db, member.brandId, member.userId, languages);
