import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { mapRetryDelayMs, mapsLibraryMachine, type MapsLibrary, type MapsLibraryEvent } from '../../machines/mapsLibrary.machine.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The maps library's machine (machines/mapsLibrary.machine.ts), shared by the restaurant map and
 * a restaurant's page, walked directly over a fake loader, a fake stack watcher and a simulated
 * clock. The model is the spec's (2.1, 8, 9): nothing loads until /more is the active stack; a
 * failed load is tried again after errors·2^errors ms, up to 3 times, then it ends without a
 * library; a wait for a retry that sees /more leave waits for it again and loads nothing.
 */
type Phase = 'waiting' | 'loading' | 'retryWait' | 'loaded' | 'failed';
interface World {
  phase: Phase;
  active: boolean;
  errors: number;
  /** Loads started so far. */
  loads: number;
}

function next(w: World, event: string): World | null {
  switch (event) {
    case 'STACK_ACTIVE':
      if (w.active || w.phase === 'loaded' || w.phase === 'failed') return null;
      return w.phase === 'waiting' ? { ...w, active: true, phase: 'loading', loads: w.loads + 1 } : { ...w, active: true };
    case 'STACK_INACTIVE':
      if (!w.active || w.phase === 'loaded' || w.phase === 'failed') return null;
      return { ...w, active: false, phase: w.phase === 'retryWait' ? 'waiting' : w.phase };
    case 'LOAD_SUCCEEDS':
      return w.phase === 'loading' ? { ...w, phase: 'loaded' } : null;
    case 'LOAD_FAILS':
      if (w.phase !== 'loading') return null;
      if (w.errors === 3) return { ...w, phase: 'failed', errors: 4 };
      return { ...w, errors: w.errors + 1, phase: w.active ? 'retryWait' : 'waiting' };
    case 'RETRY_DELAY_PASSES':
      return w.phase === 'retryWait' ? { ...w, phase: 'loading', loads: w.loads + 1 } : null;
    default:
      return null;
  }
}

const events = ['STACK_ACTIVE', 'STACK_INACTIVE', 'LOAD_SUCCEEDS', 'LOAD_FAILS', 'RETRY_DELAY_PASSES'];
const name = (w: World) => JSON.stringify(w);
const start: World = { phase: 'waiting', active: false, errors: 0, loads: 0 };
const model = createTestModel(createMachine({ id: 'mapsLibraryWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

const library = { core: {}, maps: {}, marker: {} } as unknown as MapsLibrary;
const phaseOf = { waitingForStack: 'waiting', loadingLibrary: 'loading', waitingToRetry: 'retryWait', loaded: 'loaded', failed: 'failed' } as const;

describe('the maps library’s loading, generated paths over fakes and a simulated clock', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(steps, async () => {
      const loads: { resolve: (library: MapsLibrary) => void; reject: (error: Error) => void }[] = [];
      let tell: (event: MapsLibraryEvent) => void = () => {};
      const clock = new SimulatedClock();
      const actor = createActor(
        mapsLibraryMachine.provide({
          actors: {
            loadMapsLibrary: fromPromise(() => new Promise<MapsLibrary>((resolve, reject) => loads.push({ resolve, reject }))),
            watchActiveStack: fromCallback<MapsLibraryEvent>(({ sendBack }) => {
              tell = sendBack;
            }),
          },
        }),
        { input: { apiKey: 'key', language: 'en' }, clock },
      ).start();
      const phase = () => phaseOf[actor.getSnapshot().value as keyof typeof phaseOf];

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            await waitFor(actor, () => phase() === w.phase, { timeout: 1000 });
            expect(loads).toHaveLength(w.loads);
            expect(actor.getSnapshot().context.errors).toBe(w.errors);
            if (w.phase === 'loaded') expect(actor.getSnapshot().output).toEqual({ library });
            if (w.phase === 'failed') expect(actor.getSnapshot().output).toEqual({ library: null });
          },
        },
        events: {
          STACK_ACTIVE: () => tell({ type: 'mapsLibrary.stackActive' }),
          STACK_INACTIVE: () => tell({ type: 'mapsLibrary.stackInactive' }),
          LOAD_SUCCEEDS: () => loads.at(-1)!.resolve(library),
          LOAD_FAILS: () => loads.at(-1)!.reject(new Error('The Google Maps JavaScript API could not load.')),
          RETRY_DELAY_PASSES: () => {
            // Spec 9: not a millisecond before errors·2^errors.
            const delay = mapRetryDelayMs(actor.getSnapshot().context.errors);
            clock.increment(delay - 1);
            expect(phase()).toBe('retryWait');
            clock.increment(1);
          },
        },
      });
    });
  }

  it('waits 2, 8 and 24 ms before the retries', () => {
    expect([1, 2, 3].map(mapRetryDelayMs)).toEqual([2, 8, 24]);
  });
});
