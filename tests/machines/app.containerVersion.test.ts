import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import { appMachine } from '../../machines/app.machine.ts';
import { signOutReason } from '../../machines/app.rules.ts';
import type { sessionMachine } from '../../machines/session.machine.ts';
import type { Brand } from '../../contract/brand.ts';
import type { ContainerVersion } from '../../domain/version.ts';
import { testBrand, steadyConnection } from './fixtures.ts';
import { withChildFakes } from './appChildFakes.ts';

/** A session that never reports anyone: these tests stop at the phase the version decides. */
const quietSession = createMachine({ id: 'quietSession' }) as unknown as typeof sessionMachine;

function start(brand: Promise<Brand>, container: Promise<ContainerVersion | null>) {
  const actor = createActor(
    appMachine.provide({
      actors: withChildFakes({
        connection: steadyConnection,
        loadBrand: fromPromise(() => brand),
        loadContainerVersion: fromPromise(() => container),
        session: quietSession,
      }),
    }),
    { input: {} },
  );
  return actor.start();
}

const settled = <T,>(value: T) => Promise.resolve(value);
const passedVersionCheck = (value: unknown) => JSON.stringify(value) === JSON.stringify({ loading: 'session' });

describe('force update: the container version against the brand minimum (spec 2.6)', () => {
  it('sends an older container to the force-update phase, with the brand for its store links', async () => {
    const actor = start(settled(testBrand({ minimumContainerVersion: '2.0.0' })), settled({ build: 140, version: '1.4.0' }));
    await waitFor(actor, (s) => s.matches('forceUpdate'));
    expect(actor.getSnapshot().context.brand?.settings.minimumContainerVersion).toBe('2.0.0');
    expect(actor.getSnapshot().children.session).toBeUndefined();
  });

  it('lets a container at or above the minimum through (2.10.0 is above 2.9.0)', async () => {
    for (const version of ['2.0.0', '2.0', '2.10.0']) {
      const minimum = version === '2.10.0' ? '2.9.0' : '2.0.0';
      const actor = start(settled(testBrand({ minimumContainerVersion: minimum })), settled({ build: 1, version }));
      await waitFor(actor, (s) => passedVersionCheck(s.value));
      expect(actor.getSnapshot().matches({ loading: 'session' })).toBe(true);
      expect(actor.getSnapshot().children.session).toBeDefined();
    }
  });

  it('never forces a plain browser (no container) to update', async () => {
    const actor = start(settled(testBrand({ minimumContainerVersion: '99.0.0' })), settled(null));
    await waitFor(actor, (s) => passedVersionCheck(s.value));
  });

  it('waits for a container that answers after the brand', async () => {
    let answer!: (v: ContainerVersion) => void;
    const actor = start(settled(testBrand({ minimumContainerVersion: '2.0.0' })), new Promise((resolve) => (answer = resolve)));
    const brandLoaded = () => (actor.getSnapshot().children.appStart as AnyActorRef | undefined)?.getSnapshot().matches({ starting: { brand: 'loaded' } }) === true;
    await vi.waitFor(() => expect(brandLoaded()).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(actor.getSnapshot().matches({ loading: 'start' })).toBe(true);
    expect(brandLoaded()).toBe(true);
    answer({ build: 0, version: '0.0.0' });
    await waitFor(actor, (s) => s.matches('forceUpdate'));
  });

  it('asks the container beside the brand, not after it', async () => {
    let containerAsked = false;
    const actor = createActor(
      appMachine.provide({
        actors: withChildFakes({
          connection: steadyConnection,
          loadBrand: fromPromise(() => new Promise<Brand>(() => undefined)),
          loadContainerVersion: fromPromise<ContainerVersion | null>(async () => ((containerAsked = true), null)),
          session: quietSession,
        }),
      }),
      { input: {} },
    ).start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches({ loading: 'start' })).toBe(true);
    expect(containerAsked).toBe(true);
  });
});

describe('sign-out reasons (spec 6)', () => {
  it('signs out with the role codes, including an account registered with another partner', () => {
    for (const code of ['no_role_with_app_url', 'bad_user_role_for_app_url', 'email_registered_with_other_partner']) {
      expect(signOutReason({ status: 403, code, message: '' })).toBe(code);
    }
    expect(signOutReason({ status: 403, code: 'something_else', message: '' })).toBeNull();
  });
});
