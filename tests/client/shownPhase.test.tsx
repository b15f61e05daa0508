import { describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useShownPhase } from '../../src/shownPhase.ts';
import type { Phase } from '../../src/appActor.ts';

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
