import { Type, type Static } from 'typebox';

export const TicketKeysQuery = Type.Object({ appUrl: Type.String({ minLength: 1, maxLength: 2048 }) });

/** One public key of a brand's ticket signing keys (JWK, OKP Ed25519). */
export const TicketPublicKey = Type.Object({
  kty: Type.Literal('OKP'),
  crv: Type.Literal('Ed25519'),
  x: Type.String(),
  kid: Type.String(),
  alg: Type.Literal('EdDSA'),
  use: Type.Literal('sig'),
});

/** GET /v1/get/tickets/public_keys: the JSON Web Key Set a door scanner checks ticket codes with (docs/tickets.md). */
export const TicketPublicKeys = Type.Object({ keys: Type.Array(TicketPublicKey) });
export type TicketPublicKeys = Static<typeof TicketPublicKeys>;

/** GET /v1/get/tickets/void: the ids of tickets whose order was cancelled (a scanner refuses them though they verify). */
export const VoidTickets = Type.Object({ ticketIds: Type.Array(Type.String()) });
export type VoidTickets = Static<typeof VoidTickets>;
