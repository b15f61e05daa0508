import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devLogStream, wantsDevLog } from '../../server/devLog.ts';
import { createTestApp, type TestApp } from './support/testApp.ts';

describe('development logs', () => {
  let t: TestApp;
  const printed: string[] = [];
  const terminal = { hasColors: () => false, write: (text: string) => printed.push(text) } as unknown as NodeJS.WriteStream;

  beforeAll(async () => {
    t = await createTestApp({ logger: { level: 'info', stream: devLogStream(terminal) } });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('prints one readable line per request, with its method, redacted URL, status and time', async () => {
    printed.length = 0;
    await t.app.inject({ method: 'GET', url: '/v1/get/brand?appUrl=http://aurora.localhost' });
    await t.app.inject({ method: 'GET', url: '/v1/password_reset/abcdefghij0123456789abcdef/check' });
    const lines = printed.join('').trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d GET \/v1\/get\/brand\?appUrl=\[redacted\] 404 \d+ ms$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d GET \/v1\/password_reset\/\[redacted\]\/check 404 \d+ ms$/);
    expect(printed.join('')).not.toContain('{');
  });

  it('prints messages with their level, and an error with its stack', () => {
    printed.length = 0;
    t.app.log.warn('disk almost full');
    t.app.log.error(new Error('boom'), 'the sweep failed');
    const text = printed.join('');
    expect(text).toMatch(/^\d\d:\d\d:\d\d WARN disk almost full\n/);
    expect(text).toMatch(/ERROR the sweep failed\nError: boom\n\s+at /);
  });

  it('is for a developer terminal only: production and pipes keep JSON', () => {
    expect(wantsDevLog({}, true)).toBe(true);
    expect(wantsDevLog({ NODE_ENV: 'development' }, true)).toBe(true);
    expect(wantsDevLog({ NODE_ENV: 'production' }, true)).toBe(false);
    expect(wantsDevLog({}, false)).toBe(false);
    expect(wantsDevLog({}, undefined)).toBe(false);
  });
});
