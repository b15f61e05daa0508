import { describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, fromPromise, setup } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { memberLoadMachine, type MemberLoadInput } from '../../machines/memberLoad.machine.ts';
import type { Member } from '../../machines/app.rules.ts';
import { testMember } from './fixtures.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The member load (machines/memberLoad.machine.ts) under a parent that records how it ended, as
 * the app invokes it. The model: the load asks for the session's uid; until it answers the parent
 * is told nothing; a member ends it with that member as its output; a failure ends it in error
 * with the load's own error (the app reads its code: a role error signs out).
 */
type World = 'loading' | 'loaded' | 'failed';

function next(w: World, event: string): World | null {
  if (w !== 'loading') return null;
  if (event === 'MEMBER_ANSWERS') return 'loaded';
  if (event === 'LOAD_FAILS') return 'failed';
  return null;
}

const model = createTestModel(createMachine({ id: 'memberLoadWorld', initial: 'loading', states: exploreWorlds<World>('loading', ['MEMBER_ANSWERS', 'LOAD_FAILS'], next, (w) => w) }));

function startUnderParent(uid: string | null) {
  const asked: (string | null)[] = [];
  const ended: { output?: Member; error?: unknown }[] = [];
  let answer!: { resolve: (member: Member) => void; reject: (error: unknown) => void };
  const child = memberLoadMachine.provide({
    actors: {
      loadMember: fromPromise<Member, MemberLoadInput>(({ input }) => {
        asked.push(input.uid);
        return new Promise((resolve, reject) => (answer = { resolve, reject }));
      }),
    },
  });
  const parent = setup({ actors: { child } }).createMachine({
    invoke: {
      src: 'child',
      id: 'memberLoad',
      input: { uid },
      onDone: { actions: ({ event }) => void ended.push({ output: event.output }) },
      onError: { actions: ({ event }) => void ended.push({ error: event.error }) },
    },
  });
  createActor(parent).start();
  return { asked, ended, answer: () => answer };
}

const member = testMember();
const refusal = Object.assign(new Error('no role'), { status: 403, code: 'no_role_with_app_url' });

describe('the member load, generated paths under a recording parent', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    it(path.steps.map((s) => s.event.type).join(' → ') || 'asks for the uid and waits', async () => {
      const load = startUnderParent('uid-1');
      await model.testPath(path, {
        states: {
          loading: () => {
            expect(load.asked).toEqual(['uid-1']);
            expect(load.ended).toEqual([]);
          },
          loaded: () => vi.waitFor(() => expect(load.ended).toEqual([{ output: member }])),
          // The app reads the load's own error, not a wrapper.
          failed: () => vi.waitFor(() => expect(load.ended).toEqual([{ error: refusal }])),
        },
        events: {
          MEMBER_ANSWERS: () => load.answer().resolve(member),
          LOAD_FAILS: () => load.answer().reject(refusal),
        },
      });
    });
  }

  it('asks for no uid when the session has none (a cached user of another account is not theirs)', () => {
    expect(startUnderParent(null).asked).toEqual([null]);
  });
});
