import { Type, type Static } from 'typebox';

/**
 * POST /v1/sale_queue/place and /v1/sale_queue/leave: the variant with an on-sale time, and the
 * asking window's random id (`tabId`, one per app window). Leaving with a `tabId` says that window
 * closed: the place stays while another window of the member still asks. Leaving without one
 * gives the place up.
 */
export const SaleQueueBody = Type.Object({
  itemVariantId: Type.String({ minLength: 1, maxLength: 200 }),
  tabId: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{8,64}$' })),
});
export type SaleQueueBody = Static<typeof SaleQueueBody>;

/**
 * Where the member stands in a variant's sale queue (issue 39, docs/checkout.md "The sale queue"):
 * - `closed`: the queue opens at `opensAt` (15 minutes before `onSaleAt`); no place is taken yet;
 * - `waiting`: in the line, number `position` (1 is next; `ahead` wait before them). Before the
 *   on-sale time the order is still being drawn, so the number may change as others join;
 *   `estimateSeconds` is the time until their turn, or null when there is nothing honest to say;
 * - `admitted`: their turn: they may open a checkout until `admittedUntil`;
 * - `soldOut`: nothing left to queue for.
 * Times are ms since epoch on the server's clock; `serverNow` lets the app count down on it.
 */
export const SaleQueuePlace = Type.Object({
  itemVariantId: Type.String(),
  serverNow: Type.Number(),
  onSaleAt: Type.Number(),
  opensAt: Type.Number(),
  state: Type.Union([Type.Literal('closed'), Type.Literal('waiting'), Type.Literal('admitted'), Type.Literal('soldOut')]),
  position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  ahead: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  estimateSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  admittedUntil: Type.Union([Type.Number(), Type.Null()]),
});
export type SaleQueuePlace = Static<typeof SaleQueuePlace>;
