import { describe, expect, it } from 'vitest';
import { factsOf, readSources, type SourceFile } from '../client/architecture/importRules.ts';

/*
 * The server's layers and the kernel's borders (docs/architecture.md), read from the imports:
 * only repositories (and the embedded providers' own stores, migrations and the seed) touch
 * tables; only the app registers routes; providers know no plugins; client and server meet only
 * in contract/ and domain/; repositories never open a transaction; routes neither import a
 * repository or anything of the database (its row types included: a route names the service's and
 * the contract's types) nor open a transaction, they call services; no server file grows past 300
 * lines. Each check is also shown catching a break on a small made-up source.
 */

const isUnder = (path: string, ...folders: string[]) => folders.some((folder) => path.startsWith(folder));
/** Who may import a table definition: repositories, the database's own code, and the embedded providers' stores. */
const mayTouchTables = (path: string) => isUnder(path, 'server/repositories/', 'server/db/', 'server/identity/embedded/') || path === 'server/eid/simulator.ts';
const providers = ['server/identity/', 'server/payments/', 'server/mail/', 'server/eid/'];
const client = ['src/', 'machines/'];
const kernel = ['contract/', 'domain/'];

export function serverRuleBreaks(files: SourceFile[]): string[] {
  const breaks: string[] = [];
  for (const file of files) {
    const facts = factsOf(file);
    const values = facts.imports.filter((edge) => !edge.typeOnly);
    for (const edge of values) {
      if (edge.target.startsWith('server/db/schema') && isUnder(file.path, 'server/') && !mayTouchTables(file.path)) breaks.push(`${file.path} touches tables (imports ${edge.target})`);
    }
    for (const edge of facts.imports) {
      const target = edge.target;
      if (target.startsWith('server/routes/') && isUnder(file.path, 'server/') && !isUnder(file.path, 'server/routes/') && file.path !== 'server/app.ts') {
        breaks.push(`${file.path} imports the route ${target}`);
      }
      if (isUnder(file.path, 'server/routes/') && isUnder(target, 'server/repositories/', 'server/db/')) breaks.push(`the route ${file.path} imports ${target} (it calls a service)`);
      if (target.startsWith('server/plugins/') && isUnder(file.path, ...providers)) breaks.push(`the provider ${file.path} imports the plugin ${target}`);
      if (isUnder(file.path, ...client) && target.startsWith('server/')) breaks.push(`the client's ${file.path} imports the server's ${target}`);
      if (isUnder(file.path, 'server/') && isUnder(target, ...client)) breaks.push(`the server's ${file.path} imports the client's ${target}`);
      if (isUnder(file.path, ...kernel) && isUnder(target, 'server/', ...client)) breaks.push(`the kernel's ${file.path} imports ${target}`);
    }
    if (isUnder(file.path, 'server/repositories/', 'server/routes/')) {
      const owner = isUnder(file.path, 'server/routes/') ? 'a service owns it' : 'the caller owns it';
      file.source.split('\n').forEach((line, i) => {
        if (/\.transaction\(/.test(line)) breaks.push(`${file.path}:${i + 1} opens a transaction (${owner})`);
      });
    }
    const lines = file.source.split('\n').length;
    if (isUnder(file.path, 'server/') && !isUnder(file.path, 'server/db/migrations/') && lines > 300) breaks.push(`${file.path} has ${lines} lines (at most 300)`);
  }
  return breaks;
}

describe('the server and kernel rules (docs/architecture.md)', () => {
  it('hold on the repository', () => {
    expect(serverRuleBreaks(readSources('.', ['server', 'contract', 'domain', 'src', 'machines']))).toEqual([]);
  });
});

describe('the rule checks themselves', () => {
  const file = (path: string, source: string): SourceFile => ({ path, source });

  it('catch each break', () => {
    const long = Array.from({ length: 301 }, (_, i) => `export const line${i} = ${i};`).join('\n');
    expect(
      serverRuleBreaks([
        file('server/commerce/x.ts', "import { orders } from '../db/schema/index.ts';\nimport type { OrderRow } from '../db/schema/orders.ts';"),
        file('server/commerce/y.ts', "import { enrichCart } from '../routes/shoppingCart.ts';"),
        file('server/mail/z.ts', "import { isLoopback } from '../plugins/loopbackOnly.ts';"),
        file('src/screens/a.tsx', "import type { Order } from '../../server/db/schema/orders.ts';"),
        file('server/routes/b.ts', "import { hasEnded } from '../../src/domain/ticketCascade.ts';"),
        file('domain/c.ts', "import { ApiError } from '../server/errors.ts';"),
        file('server/repositories/d.repository.ts', 'export const f = (db) => db.transaction(async (tx) => tx);'),
        file('server/commerce/long.ts', long),
        file('server/routes/e.ts', "import { findUser } from '../repositories/users.repository.ts';\nimport type { Database } from '../db/database.ts';"),
        file('server/routes/f.ts', "import type { StoredBrandContent } from '../db/schema/brandContent.ts';\nexport const g = (db) => db.transaction(async (tx) => tx);"),
      ]),
    ).toEqual([
      'server/commerce/x.ts touches tables (imports server/db/schema/index.ts)',
      'server/commerce/y.ts imports the route server/routes/shoppingCart.ts',
      'the provider server/mail/z.ts imports the plugin server/plugins/loopbackOnly.ts',
      "the client's src/screens/a.tsx imports the server's server/db/schema/orders.ts",
      "the server's server/routes/b.ts imports the client's src/domain/ticketCascade.ts",
      "the kernel's domain/c.ts imports server/errors.ts",
      'server/repositories/d.repository.ts:1 opens a transaction (the caller owns it)',
      'server/commerce/long.ts has 301 lines (at most 300)',
      'the route server/routes/e.ts imports server/repositories/users.repository.ts (it calls a service)',
      'the route server/routes/e.ts imports server/db/database.ts (it calls a service)',
      'the route server/routes/f.ts imports server/db/schema/brandContent.ts (it calls a service)',
      'server/routes/f.ts:2 opens a transaction (a service owns it)',
    ]);
  });

  it('let the allowed imports pass', () => {
    expect(
      serverRuleBreaks([
        file('server/repositories/orders.repository.ts', "import { orders } from '../db/schema/index.ts';"),
        file('server/identity/embedded/accountStore.ts', "import { identityAccounts } from '../../db/schema/index.ts';"),
        file('server/app.ts', "import { checkoutRoutes } from './routes/checkout.ts';"),
        file('server/routes/checkout.ts', "import { ApiErrorBody } from '../../contract/common.ts';\nimport { languageOf } from '../../domain/language.ts';"),
        file('src/api/orders.ts', "import type { Order } from '../../contract/checkout.ts';"),
        file('server/commerce/z.ts', "import type { Address } from '../db/schema/users.ts';"),
        file('server/offers/offerReads.ts', "import { listFeedOffers } from '../repositories/offers.repository.ts';\nexport const f = (db) => db.transaction(async (tx) => tx);"),
        file('server/routes/offers.ts', "import type { OfferReads } from '../offers/offerReads.ts';\nimport type { RouteDeps } from './types.ts';"),
      ]),
    ).toEqual([]);
  });
});
