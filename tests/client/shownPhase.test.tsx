import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useShownPhase } from '../../src/shownPhase.ts';
import type { Phase } from '../../src/appActor.ts';
import { lazyWithPreload } from '../../src/lazyWithPreload.ts';

/** Every phase drawn while the actor's phase goes through `phases`. */
function drawnFor(phases: Phase[]): Phase[] {
  const drawn: Phase[] = [];
  const { rerender } = renderHook(({ phase }) => {
    const shown = useShownPhase(phase);
    drawn.push(shown);
    return shown;
  }, { initialProps: { phase: phases[0]! } });
  for (const phase of phases.slice(1)) act(() => rerender({ phase }));
  return drawn;
}

describe('the phase drawn', () => {
  it('leaving the spinner, keeps it for one render and draws the new phase in the background render', () => {
    expect(drawnFor(['loading', 'content'])).toEqual(['loading', 'loading', 'content']);
    expect(drawnFor(['auth', 'loading', 'setUp'])).toEqual(['auth', 'loading', 'loading', 'loading', 'setUp']);
  });

  it('draws every other change at once, never a form of a phase the actor has left', () => {
    expect(drawnFor(['content', 'auth'])).toEqual(['content', 'auth', 'auth']);
    expect(drawnFor(['setUp', 'loading'])).toEqual(['setUp', 'loading', 'loading']);
    expect(drawnFor(['auth', 'content'])).toEqual(['auth', 'content', 'content']);
  });
});

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
