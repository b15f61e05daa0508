import type { Database, Executor } from '../db/database.ts';
import type { TenantDirectory } from '../identity/tenants.ts';
import { tenantDisplayName } from '../identity/tenants.ts';
import type { FileProblem } from '../operatorFiles/fileProblems.ts';
import { findBrandById, findBrandsInTheWay, insertBrand, lockBrandWrites, replaceBrand, type BrandRow } from '../repositories/brands.repository.ts';
import { listBrandIds } from '../repositories/brandContent.repository.ts';
import type { BrandWrite } from './brandFile.ts';
import { appointDoorStaff, type AppointedDoorStaff, type DoorStaffDeps } from './doorStaff.ts';

/** A good file that still cannot be written as it stands (a host or tenant taken, a brand that does or does not exist). */
export class BrandRefused extends Error {
  override readonly name = 'BrandRefused';
  constructor(readonly problems: FileProblem[]) {
    super(problems.map((p) => `${p.path}: ${p.message}`).join('\n'));
  }
}

export interface SavedBrand {
  brand: BrandRow;
  /** The brand as it was before an update (null for a new one). */
  before: BrandRow | null;
  /** Whether this write made the brand's tenant at the identity provider. */
  tenantCreated: boolean;
  /** The file's door staff, appointed when the caller gave what it takes (`doorStaff` in the options). */
  doorStaff: AppointedDoorStaff[];
}

/** What appointing a file's door staff takes besides the database: the identity provider, mail and the app's port. */
export type DoorStaffOptions = Omit<DoorStaffDeps, 'db'>;

/** The brand's row: the file without its door staff, which are accounts, not columns. */
const rowOf = ({ doorStaff: _staff, ...row }: BrandWrite) => row;

async function appointFileStaff(db: Database, brand: BrandRow, write: BrandWrite, staff: DoorStaffOptions | undefined): Promise<AppointedDoorStaff[]> {
  if (!staff || !write.doorStaff?.length) return [];
  return appointDoorStaff({ db, ...staff }, brand, write.doorStaff);
}

const refused = (path: string, message: string) => new BrandRefused([{ path, message }]);

/** What stands in the way of writing `write`: other brands serving its hosts or using its tenant. */
async function inTheWay(db: Executor, write: BrandWrite, tenantId: string | undefined): Promise<FileProblem[]> {
  const others = await findBrandsInTheWay(db, { hosts: write.appHosts, tenantId, exceptId: write.id });
  const problems: FileProblem[] = [];
  for (const other of others) {
    write.appHosts.forEach((host, i) => {
      if (other.appHosts.includes(host)) problems.push({ path: `$.appUrls[${i}]`, message: `${host} already serves the brand ${other.id}` });
    });
    if (tenantId !== undefined && other.authTenantId === tenantId) {
      problems.push({ path: '$.authTenantId', message: `${tenantId} is already the tenant of the brand ${other.id}` });
    }
  }
  return problems;
}

/** Writes under the brand-write lock, after checking again that nothing stands in the way. */
async function writeLocked(db: Database, write: BrandWrite, tenantId: string, work: (tx: Executor) => Promise<BrandRow | null>): Promise<BrandRow | null> {
  return db.transaction(async (tx) => {
    await lockBrandWrites(tx);
    const problems = await inTheWay(tx, write, tenantId);
    if (problems.length > 0) throw new BrandRefused(problems);
    return work(tx);
  });
}

/** The tenant a new brand's members sign in to: the file's, or one the identity provider makes. */
async function tenantForNewBrand(write: BrandWrite, tenants: TenantDirectory | undefined, createTenant: boolean): Promise<{ tenantId: string; created: boolean }> {
  // The embedded provider keeps no tenants apart from the brands: the brand's row makes it.
  if (!tenants) return { tenantId: write.authTenantId ?? `${write.id}-tenant`, created: false };
  if (createTenant) {
    if (write.authTenantId !== undefined) {
      throw refused('$.authTenantId', `${tenants.name} names the tenants it creates: leave authTenantId out to create one, or drop --create-tenant to use this one`);
    }
    return { tenantId: await tenants.create(tenantDisplayName(write.id)), created: true };
  }
  if (write.authTenantId === undefined) {
    throw refused('$.authTenantId', `is missing: give the id of the brand's tenant in ${tenants.name}, or run with --create-tenant to create one`);
  }
  if (!(await tenants.exists(write.authTenantId))) {
    throw refused('$.authTenantId', `${tenants.name} has no tenant ${write.authTenantId}: create it there, or leave authTenantId out and run with --create-tenant`);
  }
  return { tenantId: write.authTenantId, created: false };
}

/**
 * Creates a brand from a checked file (`parseBrandFile`). Hosts and tenant must be free; with
 * Identity Platform its tenant must exist, or is created when `createTenant` (and removed again
 * when the brand cannot be written after all).
 */
export async function createBrand(
  db: Database,
  write: BrandWrite,
  options: { tenants?: TenantDirectory; createTenant?: boolean; doorStaff?: DoorStaffOptions },
): Promise<SavedBrand> {
  if (await findBrandById(db, write.id)) throw refused('$.id', `there is already a brand ${write.id}: use update to change it`);
  // Checked before a tenant is made, so a file that cannot be written leaves nothing behind.
  const early = await inTheWay(db, write, write.authTenantId);
  if (early.length > 0) throw new BrandRefused(early);
  const tenant = await tenantForNewBrand(write, options.tenants, options.createTenant ?? false);
  let brand: BrandRow;
  try {
    brand = (await writeLocked(db, write, tenant.tenantId, async (tx) => {
      if (await findBrandById(tx, write.id)) throw refused('$.id', `there is already a brand ${write.id}: use update to change it`);
      return insertBrand(tx, { ...rowOf(write), authTenantId: tenant.tenantId });
    }))!;
  } catch (error) {
    if (tenant.created) await options.tenants!.remove(tenant.tenantId).catch(() => undefined);
    throw error;
  }
  // After the brand stands: its staff's accounts live in its tenant.
  return { brand, before: null, tenantCreated: tenant.created, doorStaff: await appointFileStaff(db, brand, write, options.doorStaff) };
}

/** Replaces a brand with a checked file: everything but its id and tenant, which a brand keeps. */
export async function updateBrand(db: Database, write: BrandWrite, options: { doorStaff?: DoorStaffOptions } = {}): Promise<SavedBrand> {
  const before = await findBrandById(db, write.id);
  if (!before) {
    const known = await listBrandIds(db);
    throw refused('$.id', `there is no brand ${write.id}${known.length > 0 ? ` (brands: ${known.join(', ')})` : ''}: use create to make it`);
  }
  if (write.authTenantId !== undefined && write.authTenantId !== before.authTenantId) {
    throw refused('$.authTenantId', `a brand keeps its tenant: its members' accounts are in ${before.authTenantId}`);
  }
  const { authTenantId: _kept, ...fields } = rowOf(write);
  const brand = await writeLocked(db, write, before.authTenantId, (tx) => replaceBrand(tx, fields));
  if (!brand) throw refused('$.id', `there is no brand ${write.id}: use create to make it`);
  return { brand, before, tenantCreated: false, doorStaff: await appointFileStaff(db, brand, write, options.doorStaff) };
}
