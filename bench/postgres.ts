import pg from 'pg';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh database on the given PostgreSQL server, for one bench run; `drop` removes it. */
export async function createBenchDatabase(serverUrl: string): Promise<BenchDatabase> {
  const name = `klubb_bench_${process.pid}_${Date.now()}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
