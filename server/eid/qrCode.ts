import { createHmac } from 'node:crypto';

/** Whole seconds from the auth answer to `now` (milliseconds since epoch), never negative. */
export function qrSeconds(startedAt: Date, now: number): number {
  return Math.max(0, Math.floor((now - startedAt.getTime()) / 1000));
}

/** BankID's animated QR: bankid.<qrStartToken>.<seconds>.<hex HMAC-SHA256 of the seconds, keyed by qrStartSecret>. */
export function qrCodeContent(qrStartToken: string, qrStartSecret: string, seconds: number): string {
  const authCode = createHmac('sha256', qrStartSecret).update(String(seconds)).digest('hex');
  return `bankid.${qrStartToken}.${seconds}.${authCode}`;
}

export interface ParsedQrCode {
  qrStartToken: string;
  seconds: number;
  authCode: string;
}

export function parseQrCode(content: string): ParsedQrCode | null {
  const match = /^bankid\.([A-Za-z0-9-]{1,100})\.(\d{1,7})\.([0-9a-f]{64})$/.exec(content.trim());
  return match ? { qrStartToken: match[1]!, seconds: Number(match[2]), authCode: match[3]! } : null;
}
