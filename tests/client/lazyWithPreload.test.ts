import { describe, expect, it } from 'vitest';
import { lazyWithPreload } from '../../src/lazyWithPreload.ts';

describe('a lazy screen loaded ahead', () => {
  it('loads its module once, however often it is asked for', async () => {
    let loads = 0;
    const screen = lazyWithPreload(async () => {
      loads += 1;
      return { default: () => null };
    });
    await Promise.all([screen.preload(), screen.preload()]);
    await screen.preload();
    expect(loads).toBe(1);
  });

  it('loads again after a failure (offline), instead of keeping the failure', async () => {
    let loads = 0;
    const screen = lazyWithPreload(async () => {
      loads += 1;
      if (loads === 1) throw new Error('offline');
      return { default: () => null };
    });
    await expect(screen.preload()).rejects.toThrow('offline');
    await expect(screen.preload()).resolves.toHaveProperty('default');
    expect(loads).toBe(2);
  });
});
