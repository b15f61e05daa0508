import { Type, type Static } from 'typebox';

/** An order handle as the browser holds it (BankID orderRefs are UUIDs). */
export const EidOrderRequest = Type.Object(
  { orderRef: Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9-]+$' }) },
  { additionalProperties: false },
);
export type EidOrderRequest = Static<typeof EidOrderRequest>;

/** A started order: the autostart token opens the app on this device; the QR secret stays on the server. */
export const EidOrder = Type.Object({ orderRef: Type.String(), autoStartToken: Type.String() });
export type EidOrder = Static<typeof EidOrder>;

/** The animated QR code's content for this second. */
export const EidQrCode = Type.Object({ qrCode: Type.String(), seconds: Type.Integer() });
export type EidQrCode = Static<typeof EidQrCode>;

/** Collect: pending/failed with BankID's hint code, or complete with a custom token for signInWithCustomToken. */
export const EidCollect = Type.Object({
  status: Type.Union([Type.Literal('pending'), Type.Literal('failed'), Type.Literal('complete')]),
  hintCode: Type.Optional(Type.String()),
  customToken: Type.Optional(Type.String()),
});
export type EidCollect = Static<typeof EidCollect>;
