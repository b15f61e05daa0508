import { request, Agent } from 'node:https';
import { EidError, type AuthOrder, type CollectResult, type EidErrorCode, type EidProvider } from './eid.ts';

export interface BankIdClientOptions {
  /** Base of the RP API, e.g. https://appapi2.test.bankid.com/rp/v6.0 */
  url: string;
  /** The relying party's client certificate and key (PKCS#12). */
  pfx: Buffer;
  passphrase?: string;
  /** The CA that issued BankID's server certificate. */
  ca: Buffer | string;
  timeoutMs?: number;
}

const knownCodes = new Set<EidErrorCode>([
  'alreadyInProgress',
  'invalidParameters',
  'unauthorized',
  'notFound',
  'requestTimeout',
  'internalError',
  'maintenance',
]);

/** BankID's RP API v6 over mutual TLS (the client certificate is the relying party's identity). */
export function createBankIdClient(options: BankIdClientOptions): EidProvider {
  const agent = new Agent({ pfx: options.pfx, passphrase: options.passphrase, ca: options.ca, keepAlive: true });
  const base = options.url.replace(/\/$/, '');

  function call<T>(method: 'auth' | 'collect' | 'cancel', body: unknown): Promise<T> {
    const payload = JSON.stringify(body);
    return new Promise<T>((resolve, reject) => {
      const req = request(
        `${base}/${method}`,
        {
          method: 'POST',
          agent,
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) },
          timeout: options.timeoutMs ?? 10_000,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: Record<string, unknown> = {};
            try {
              json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
            } catch {
              // BankID answers JSON; anything else is a broken answer, reported below by status.
            }
            if (res.statusCode === 200) return resolve(json as T);
            const code = String(json.errorCode ?? '');
            const errorCode = knownCodes.has(code as EidErrorCode) ? (code as EidErrorCode) : 'unknown';
            reject(new EidError(errorCode, typeof json.details === 'string' ? json.details : `HTTP ${res.statusCode}`));
          });
        },
      );
      req.on('timeout', () => req.destroy(new EidError('requestTimeout', `No answer from BankID within the time limit`)));
      req.on('error', (error) => reject(error instanceof EidError ? error : new EidError('unknown', error.message)));
      req.end(payload);
    });
  }

  return {
    kind: 'bankid',
    auth: ({ endUserIp }) => call<AuthOrder>('auth', { endUserIp }),
    collect: (orderRef) => call<CollectResult>('collect', { orderRef }),
    cancel: async (orderRef) => {
      await call<object>('cancel', { orderRef });
    },
  };
}
