import { readFileSync } from 'node:fs';
import { ConfigError, type Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { EidProvider } from './eid.ts';
import { createSimulatedEid } from './simulator.ts';

export type { EidProvider } from './eid.ts';

/** The configured bank-eID provider: BankID's RP API when BANKID_URL is set, otherwise the simulator. */
export async function createEid(config: Pick<Config, 'eid'>, dependencies: { db: Database; now?: () => number }): Promise<EidProvider> {
  // The simulator is no import of its own: the app takes it by default anyway (buildApp).
  if (config.eid.kind === 'simulated') return createSimulatedEid(dependencies);
  const read = (name: string, path: string) => {
    try {
      return readFileSync(path);
    } catch (error) {
      throw new ConfigError(`${name}=${JSON.stringify(path)}: cannot be read (${(error as Error).message})`);
    }
  };
  const { createBankIdClient } = await import('./bankIdClient.ts');
  return createBankIdClient({
    url: config.eid.url,
    pfx: read('BANKID_PFX', config.eid.pfxPath),
    passphrase: config.eid.passphrase,
    ca: read('BANKID_CA', config.eid.caPath),
  });
}
