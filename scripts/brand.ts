/**
 * `npm run brand -- create|update [--create-tenant] brand.json`: creates a brand, or replaces one,
 * from a brand file (docs/brands.md). A file with problems changes nothing: every problem is
 * printed with its JSON path. With Identity Platform the brand's tenant must exist, or is created
 * by `--create-tenant` (e-mail sign-in and the product's password policy); with the embedded
 * provider the brand makes its tenant. Writes to DATABASE_URL, else the PGlite database in
 * DATA_DIR; with `--server URL` (or KLUBB_SERVER_URL) and OPERATOR_TOKEN, or while a server holds
 * DATA_DIR, it goes through that server's /admin call.
 */
import { parseArgs } from 'node:util';
import { readConfig, type Config } from '../server/config.ts';
import { parseBrandFile, type BrandWrite } from '../server/brands/brandFile.ts';
import { BrandRefused, createBrand, updateBrand } from '../server/brands/saveBrand.ts';
import { createIdentity } from '../server/identity/index.ts';
import { createMailSender } from '../server/mail/index.ts';
import { defaultAppPort } from '../server/mail/appPort.ts';
import type { AppointedDoorStaff } from '../server/brands/doorStaff.ts';
import { describeProblems } from '../server/operatorFiles/fileProblems.ts';
import { adminServer, callServerAdmin, type AdminServer, databaseName, failedCommand, OperatorError, readOperatorFile, serverOption, withOperatorDatabase } from './serverAdmin.ts';

const usage = 'Usage: npm run brand -- create [--create-tenant] [--server URL] brand.json\n       npm run brand -- update [--server URL] brand.json';

interface Written {
  brandId: string;
  authTenantId: string;
  appHosts: string[];
  tenantCreated: boolean;
  /** The file's door staff (issue 43); absent from an older server's answer. */
  doorStaff?: AppointedDoorStaff[];
}

function options() {
  const { values, positionals } = parseArgs({ options: { 'create-tenant': { type: 'boolean' }, ...serverOption }, allowPositionals: true });
  const [action, file] = positionals;
  if ((action !== 'create' && action !== 'update') || !file || positionals.length !== 2) throw new OperatorError(usage);
  const createTenant = values['create-tenant'] ?? false;
  if (action === 'update' && createTenant) throw new OperatorError('A brand keeps its tenant: --create-tenant is for create only.');
  return { action, file, createTenant, server: values.server } as const;
}

async function intoDatabase(config: Config, action: 'create' | 'update', write: BrandWrite, createTenant: boolean): Promise<Written> {
  try {
    const saved = await withOperatorDatabase(config, async (db) => {
      // Door staff new to the brand's tenant are mailed a link to choose their password, as the server would.
      const mail = createMailSender(config, db);
      const identity = write.doorStaff?.length || config.identity.kind === 'firebase' ? await createIdentity(config, { db, mail }) : undefined;
      const doorStaff = identity && { identity, mail, appPort: config.appPort ?? defaultAppPort };
      if (action === 'update') return updateBrand(db, write, { doorStaff });
      // Identity Platform keeps the tenants; the embedded provider has none apart from the brands.
      const tenants = config.identity.kind === 'firebase' ? identity!.tenants : undefined;
      return createBrand(db, write, { tenants, createTenant, doorStaff });
    });
    const { brand, tenantCreated, doorStaff } = saved;
    return { brandId: brand.id, authTenantId: brand.authTenantId, appHosts: brand.appHosts, tenantCreated, doorStaff };
  } catch (error) {
    if (error instanceof BrandRefused) throw new OperatorError(`Nothing was changed:\n${describeProblems(error.problems)}`);
    throw error;
  }
}

async function throughServer(server: AdminServer, action: 'create' | 'update', source: unknown, write: BrandWrite, createTenant: boolean): Promise<Written> {
  const written = await callServerAdmin<Written>(server, '/admin/brand', { action, brand: source, createTenant: createTenant || undefined }, `brand ${action}`);
  if (!write.doorStaff?.length) return written;
  const staff = { brandId: written.brandId, doorStaff: write.doorStaff };
  return { ...written, doorStaff: (await callServerAdmin<{ doorStaff: AppointedDoorStaff[] }>(server, '/admin/door/staff', staff, 'door staff')).doorStaff };
}

function tenantLine(config: Config, written: Written): string {
  if (written.tenantCreated) return `tenant ${written.authTenantId}, created now with e-mail sign-in and the password policy`;
  return config.identity.kind === 'firebase' ? `tenant ${written.authTenantId}` : `tenant ${written.authTenantId} (the embedded provider's)`;
}

async function main() {
  const config = readConfig();
  const { action, file, createTenant, server: serverUrl } = options();
  const { source, value: write } = readOperatorFile(file, parseBrandFile);
  const server = adminServer(config, serverUrl);
  const written = server
    ? await throughServer(server, action, source, write, createTenant)
    : await intoDatabase(config, action, write, createTenant);
  const where = server ? `through ${server.name}` : databaseName(config);
  const lines = [
    `Brand ${written.brandId} ${action === 'create' ? 'created' : 'updated'} from ${file} (${where}):`,
    `  app URLs: ${written.appHosts.join(', ')}`,
    `  ${tenantLine(config, written)}`,
  ];
  for (const staff of written.doorStaff ?? []) {
    const account = staff.account === 'existing' ? 'existing account' : staff.mailed ? 'new account, mailed a link to choose a password' : 'new account; the mail could not go: they can use "Forgot password"';
    lines.push(`  door staff: ${staff.email} (${account})`);
  }
  // An instance drops the brand from its cache at once; the others' caches keep it up to 30 seconds.
  if (server?.remote || (!server && config.databaseUrl)) lines.push('  Other running servers show it within 30 seconds (their cache).');
  if (action === 'create') lines.push(`  Next: its FAQ, About and contact details with npm run brand:content -- --brand ${written.brandId} content.json`);
  console.log(lines.join('\n'));
  // firebase-admin may keep the process alive (its token refresh); the work is done.
  process.exit(0);
}

main().catch(failedCommand);
