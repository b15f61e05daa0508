import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { TLSSocket } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBankIdClient } from '../../server/eid/bankIdClient.ts';
import { createEid } from '../../server/eid/index.ts';
import { readConfig } from '../../server/config.ts';

const dir = mkdtempSync(join(tmpdir(), 'bankid-tls-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A CA, BankID's server certificate (localhost) and the relying party's client certificate as PKCS#12. */
function makeCertificates() {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test BankID CA');
  for (const name of ['server', 'client']) {
    openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', `/CN=${name === 'server' ? 'localhost' : 'Test RP'}`);
  }
  writeFileSync(join(dir, 'san.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.pem', '-days', '2', '-extfile', 'san.ext');
  openssl('x509', '-req', '-in', 'client.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'client.pem', '-days', '2');
  openssl('pkcs12', '-export', '-inkey', 'client.key', '-in', 'client.pem', '-out', 'client.p12', '-passout', 'pass:qwerty123');
}

/** A stand-in for BankID's RP API: only callers with a client certificate from our CA get through. */
let server: Server;
let url: string;
const requests: { path: string; body: unknown; clientCert: string }[] = [];

beforeAll(async () => {
  makeCertificates();
  server = createServer(
    { key: readFileSync(join(dir, 'server.key')), cert: readFileSync(join(dir, 'server.pem')), ca: readFileSync(join(dir, 'ca.pem')), requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      let text = '';
      req.on('data', (c) => (text += c));
      req.on('end', () => {
        const body = JSON.parse(text || '{}');
        const peer = (req.socket as TLSSocket).getPeerCertificate();
        requests.push({ path: req.url ?? '', body, clientCert: String(peer.subject?.CN) });
        res.setHeader('content-type', 'application/json');
        if (req.url === '/rp/v6.0/auth') {
          res.end(JSON.stringify({ orderRef: 'o-1', autoStartToken: 'a-1', qrStartToken: 'q-1', qrStartSecret: 's-1' }));
        } else if (req.url === '/rp/v6.0/collect' && body.orderRef === 'o-1') {
          res.end(JSON.stringify({ orderRef: 'o-1', status: 'complete', completionData: { user: { personalNumber: '199001012385', name: 'Maja Lind', givenName: 'Maja', surname: 'Lind' } } }));
        } else if (req.url === '/rp/v6.0/cancel' && body.orderRef === 'o-1') {
          res.end('{}');
        } else if (req.url === '/rp/v6.0/cancel') {
          res.statusCode = 503;
          res.end(JSON.stringify({ errorCode: 'maintenance', details: 'Down for maintenance' }));
        } else {
          res.statusCode = 400;
          res.end(JSON.stringify({ errorCode: 'invalidParameters', details: 'No such order' }));
        }
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://localhost:${(server.address() as AddressInfo).port}/rp/v6.0`;
}, 60_000);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const client = (passphrase = 'qwerty123') =>
  createBankIdClient({ url, pfx: readFileSync(join(dir, 'client.p12')), passphrase, ca: readFileSync(join(dir, 'ca.pem')) });

describe('the BankID RP API client', () => {
  it('calls auth, collect and cancel over mutual TLS with the relying party certificate', async () => {
    const bankId = client();
    expect(await bankId.auth({ endUserIp: '192.0.2.4' })).toEqual({ orderRef: 'o-1', autoStartToken: 'a-1', qrStartToken: 'q-1', qrStartSecret: 's-1' });
    expect((await bankId.collect('o-1')).completionData?.user.givenName).toBe('Maja');
    await bankId.cancel('o-1');
    expect(requests.map((r) => [r.path, r.body, r.clientCert])).toEqual([
      ['/rp/v6.0/auth', { endUserIp: '192.0.2.4' }, 'Test RP'],
      ['/rp/v6.0/collect', { orderRef: 'o-1' }, 'Test RP'],
      ['/rp/v6.0/cancel', { orderRef: 'o-1' }, 'Test RP'],
    ]);
  });

  it("turns BankID's error answers into EidError codes", async () => {
    await expect(client().collect('nope')).rejects.toMatchObject({ name: 'EidError', errorCode: 'invalidParameters', details: 'No such order' });
    await expect(client().cancel('nope')).rejects.toMatchObject({ errorCode: 'maintenance' });
  });

  it('cannot connect without the right client certificate or to an untrusted server', async () => {
    await expect(client('wrong-passphrase').auth({ endUserIp: '192.0.2.4' })).rejects.toThrow();
    const untrusting = createBankIdClient({ url, pfx: readFileSync(join(dir, 'client.p12')), passphrase: 'qwerty123', ca: readFileSync(join(dir, 'client.pem')) });
    await expect(untrusting.auth({ endUserIp: '192.0.2.4' })).rejects.toMatchObject({ name: 'EidError', errorCode: 'unknown' });
  });
});

describe('BANKID_* configuration', () => {
  it('is simulated by default and BankID with URL, certificate and CA', async () => {
    expect(readConfig({}).eid).toEqual({ kind: 'simulated' });
    const config = readConfig({ BANKID_URL: url, BANKID_PFX: join(dir, 'client.p12'), BANKID_PASSPHRASE: 'qwerty123', BANKID_CA: join(dir, 'ca.pem') });
    expect(config.eid).toEqual({ kind: 'bankid', url, pfxPath: join(dir, 'client.p12'), passphrase: 'qwerty123', caPath: join(dir, 'ca.pem') });
    const eid = await createEid(config, { db: null as never });
    expect(eid.kind).toBe('bankid');
    expect((await eid.auth({ endUserIp: '192.0.2.9' })).orderRef).toBe('o-1');
  });

  it('names what is missing or unreadable', async () => {
    expect(() => readConfig({ BANKID_URL: url })).toThrow('BANKID_URL needs BANKID_PFX (client certificate) and BANKID_CA (server CA)');
    expect(() => readConfig({ BANKID_URL: 'http://insecure.example' })).toThrow('BANKID_URL');
    const config = readConfig({ BANKID_URL: url, BANKID_PFX: '/no/such.p12', BANKID_CA: join(dir, 'ca.pem') });
    await expect(createEid(config, { db: null as never })).rejects.toThrow('BANKID_PFX="/no/such.p12": cannot be read');
  });
});
