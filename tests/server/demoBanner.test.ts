import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoBanner } from '../../server/db/seed/demoBanner.ts';
import { startServerProcesses } from './support/serverProcesses.ts';

/*
 * `npm start` (issue 41) ends by naming where the demo brands are and who can sign in, as
 * DESIGN.md's "Demo data" lists them, on the port the server took.
 */

describe('the demo banner', () => {
  it("names both brands' URLs on the port and every demo user with the password", () => {
    const banner = demoBanner(8123);
    expect(banner).toContain('Aurora    http://localhost:8123  http://aurora.localhost:8123');
    expect(banner).toContain('Borealis  http://borealis.localhost:8123');
    expect(banner).not.toContain('127.0.0.1');
    expect(banner).toContain('password Password1');
    for (const email of ['member@aurora.test', 'new@aurora.test', 'norole@aurora.test', 'member@borealis.test']) expect(banner).toContain(email);
    expect(banner).toMatch(/new@aurora\.test +Aurora member, onboarding not completed/);
    expect(banner).toMatch(/norole@aurora\.test +.*no-role message/);
  });

  it('is printed by a server started with the demo data, once it listens', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'klubb-banner-'));
    const servers = await startServerProcesses({ dataDir: join(dir, 'data') }, 1, { SEED_DEMO: 'true' });
    try {
      const port = servers.ports[0]!;
      await expect.poll(() => servers.logs.join(''), { timeout: 10_000 }).toContain(`Borealis  http://borealis.localhost:${port}`);
      expect(servers.logs.join('')).toContain(demoBanner(port));
    } finally {
      await servers.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
