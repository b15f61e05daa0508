import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup, type AnyEventObject } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { appStartMachine, type AppStartOutput } from '../../machines/appStart.machine.ts';
import type { Brand } from '../../contract/brand.ts';
import type { ContainerVersion } from '../../domain/version.ts';
import { testBrand } from './fixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The app's start (machines/appStart.machine.ts) under a parent that holds a connection child, as
 * the app does, and records the output. The model: the brand and the container's version are
 * asked at once; it ends only with both, or as soon as the brand fails. No network: the
 * connection is told it is lost and the brand this device saved is read; without one, the
 * network's error ends the start (the error screen then tries again when the network is back).
 * Any other refusal ends it with that refusal.
 */
type BrandWorld = 'asking' | 'found' | 'networkDown' | 'saved' | 'refused' | 'noSavedBrand';
interface World {
  brand: BrandWorld;
  version: 'asking' | 'known';
}

function next(w: World, event: string): World | null {
  const ended = w.brand === 'refused' || w.brand === 'noSavedBrand' || ((w.brand === 'found' || w.brand === 'saved') && w.version === 'known');
  if (ended) return null;
  switch (event) {
    case 'BRAND_ANSWERS':
      return w.brand === 'asking' ? { ...w, brand: 'found' } : null;
    case 'BRAND_REFUSED':
      return w.brand === 'asking' ? { ...w, brand: 'refused' } : null;
    case 'NETWORK_DOWN':
      return w.brand === 'asking' ? { ...w, brand: 'networkDown' } : null;
    case 'SAVED_BRAND_READ':
      return w.brand === 'networkDown' ? { ...w, brand: 'saved' } : null;
    case 'NO_SAVED_BRAND':
      return w.brand === 'networkDown' ? { ...w, brand: 'noSavedBrand' } : null;
    case 'CONTAINER_ANSWERS':
      return w.version === 'asking' ? { ...w, version: 'known' } : null;
    default:
      return null;
  }
}

const events = ['BRAND_ANSWERS', 'BRAND_REFUSED', 'NETWORK_DOWN', 'SAVED_BRAND_READ', 'NO_SAVED_BRAND', 'CONTAINER_ANSWERS'];
const name = (w: World) => JSON.stringify(w);
const start: World = { brand: 'asking', version: 'asking' };
const model = createTestModel(createMachine({ id: 'appStartWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

const brand = testBrand();
const saved = { ...testBrand(), name: 'Aurora as saved' };
const version: ContainerVersion = { build: 523, version: '5.23.3' };
const noNetwork = Object.assign(new Error('Failed to fetch'), { status: 600, code: 'failed_to_fetch' });
const unknownBrand = Object.assign(new Error('No such brand'), { status: 404, code: 'brand_not_found' });

interface Call<T> {
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

function startUnderParent() {
  const calls: { brand?: Call<Brand>; saved?: Call<Brand>; version?: Call<ContainerVersion | null> } = {};
  const ask = <T,>(key: keyof typeof calls) => new Promise<T>((resolve, reject) => Object.assign(calls, { [key]: { resolve, reject } }));
  const outputs: AppStartOutput[] = [];
  const connectionHeard: string[] = [];
  const child = appStartMachine.provide({
    actors: {
      loadBrand: fromPromise(() => ask<Brand>('brand')),
      loadSavedBrand: fromPromise(() => ask<Brand>('saved')),
      loadContainerVersion: fromPromise(() => ask<ContainerVersion | null>('version')),
    },
  });
  const connection = createMachine({ on: { '*': { actions: ({ event }: { event: AnyEventObject }) => void connectionHeard.push(event.type) } } });
  const parent = setup({ actors: { child, connection } }).createMachine({
    invoke: [
      { src: 'connection', id: 'connection', systemId: 'connection' },
      { src: 'child', id: 'appStart', onDone: { actions: ({ event }) => void outputs.push(event.output) } },
    ],
  });
  createActor(parent).start();
  return { calls, outputs, connectionHeard };
}

function expectedOutput(w: World): AppStartOutput | null {
  if (w.brand === 'refused') return { brand: null, containerVersion: w.version === 'known' ? version : null, error: expect.objectContaining({ code: 'brand_not_found' }) };
  if (w.brand === 'noSavedBrand') return { brand: null, containerVersion: w.version === 'known' ? version : null, error: expect.objectContaining({ code: 'failed_to_fetch' }) };
  if (w.version !== 'known') return null;
  if (w.brand === 'found') return { brand, containerVersion: version, error: null };
  if (w.brand === 'saved') return { brand: saved, containerVersion: version, error: null };
  return null;
}

describe('the app start, generated paths under a parent with a connection', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → ') || 'asks for the brand and the container at once', async () => {
      const start = startUnderParent();
      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = JSON.parse(String(state.value)) as World;
            const output = expectedOutput(w);
            if (output) await vi.waitFor(() => expect(start.outputs).toEqual([output]));
            else {
              // Both asked at once; nothing ends before both are in (or the brand failed).
              await vi.waitFor(() => expect(start.calls.brand && start.calls.version).toBeDefined());
              expect(start.outputs).toEqual([]);
            }
            const offline = w.brand === 'networkDown' || w.brand === 'saved' || w.brand === 'noSavedBrand';
            expect(start.connectionHeard).toEqual(offline ? ['connection.lost'] : []);
          },
        },
        events: {
          BRAND_ANSWERS: () => start.calls.brand!.resolve(brand),
          BRAND_REFUSED: () => start.calls.brand!.reject(unknownBrand),
          NETWORK_DOWN: async () => {
            start.calls.brand!.reject(noNetwork);
            await vi.waitFor(() => expect(start.calls.saved).toBeDefined());
          },
          SAVED_BRAND_READ: () => start.calls.saved!.resolve(saved),
          NO_SAVED_BRAND: () => start.calls.saved!.reject(new Error('No brand saved on this device')),
          CONTAINER_ANSWERS: () => start.calls.version!.resolve(version),
        },
      });
    });
  }

  it('takes a container that cannot tell its version as none (a plain browser)', async () => {
    const start = startUnderParent();
    await vi.waitFor(() => expect(start.calls.version).toBeDefined());
    start.calls.version!.reject(new Error('bridge gone'));
    start.calls.brand!.resolve(brand);
    await vi.waitFor(() => expect(start.outputs).toEqual([{ brand, containerVersion: null, error: null }]));
  });
});
