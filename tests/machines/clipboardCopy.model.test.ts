import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { wireClipboard } from '../../src/wiring/clipboard.wiring.ts';
import { connectClipboard } from '../../src/components/clipboard.connect.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * The copy buttons' machine as the app wires it (the browser's clipboard behind it), walked
 * directly: its screens (claimed codes, the offer page's promo rows) are walked in their own
 * model tests, which cannot hold a write half-way. The model is the spec's (8): a copy tells
 * its result for the text asked for, the clipboard's refusal or absence as a failure with its
 * message; a new copy starts over, and a write that was overtaken changes nothing when it ends.
 */
type Shown = 'idle' | 'copying' | 'copied' | 'failed';
interface World {
  shown: Shown;
  text: 'A' | 'B' | null;
  failure: 'refused' | 'unavailable' | null;
  /** A write overtaken by a newer copy is still pending. */
  stale: boolean;
}

function next(w: World, event: string): World | null {
  const resting = w.shown !== 'copying';
  switch (event) {
    case 'COPY_A':
      return resting && !w.stale ? { ...w, shown: 'copying', text: 'A', failure: null } : null;
    // Bounded: B overtakes a copy of A still writing.
    case 'COPY_B':
      return w.shown === 'copying' && w.text === 'A' && !w.stale ? { ...w, text: 'B', stale: true } : null;
    case 'WRITE_SUCCEEDS':
      return w.shown === 'copying' ? { ...w, shown: 'copied' } : null;
    case 'WRITE_REFUSED':
      return w.shown === 'copying' ? { ...w, shown: 'failed', failure: 'refused' } : null;
    case 'OVERTAKEN_WRITE_ENDS':
      return w.stale ? { ...w, stale: false } : null;
    case 'COPY_A_WITHOUT_CLIPBOARD':
      return resting && !w.stale && w.failure !== 'unavailable' ? { ...w, shown: 'failed', text: 'A', failure: 'unavailable' } : null;
    default:
      return null;
  }
}

const events = ['COPY_A', 'COPY_B', 'WRITE_SUCCEEDS', 'WRITE_REFUSED', 'OVERTAKEN_WRITE_ENDS', 'COPY_A_WITHOUT_CLIPBOARD'];
const name = (w: World) => [w.shown, w.text ?? '-', w.failure ?? '-', w.stale ? 'stale' : 'current'].join('|');
const parse = (value: string): World => {
  const [shown, text, failure, stale] = value.split('|');
  return { shown: shown as Shown, text: text === '-' ? null : (text as 'A' | 'B'), failure: failure === '-' ? null : (failure as World['failure']), stale: stale === 'stale' };
};
const start: World = { shown: 'idle', text: null, failure: null, stale: false };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'clipboardWorld', initial: name(start), states }));

/** The browser's clipboard, whose writes end when the test says. */
function fakeClipboard() {
  const writes: { text: string; end: (error?: Error) => void }[] = [];
  const clipboard = {
    writeText: (text: string) => new Promise<void>((resolve, reject) => writes.push({ text, end: (error) => (error ? reject(error) : resolve()) })),
  };
  const install = (present = true) => Object.defineProperty(navigator, 'clipboard', { value: present ? clipboard : undefined, configurable: true });
  return { writes, install };
}

const messages = { refused: 'Write permission denied.', unavailable: 'The clipboard is not available on this page' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true }));

describe('copying, generated paths over the wired machine and a fake clipboard', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} gives ${String(path.state.value)}`, async () => {
      const clipboard = fakeClipboard();
      clipboard.install();
      const actor = createActor(wireClipboard()).start();
      const current = () => clipboard.writes.at(-1)!;
      const copy = async (text: string) => {
        const writes = clipboard.writes.length;
        actor.send({ type: 'clipboard.copy', text });
        await settle();
        // The clipboard is asked for this text, once.
        expect(clipboard.writes).toHaveLength(writes + 1);
        expect(current().text).toBe(text);
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            await settle();
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toBe(w.shown);
            expect(snapshot.context.text).toBe(w.text);
            // What the copy buttons show: the result for the last text asked, and only that.
            const view = connectClipboard(snapshot, actor);
            expect(view.copied).toBe(w.shown === 'copied' ? w.text : null);
            expect(view.failed).toBe(w.shown === 'failed' ? w.text : null);
            expect(view.failure).toBe(w.shown === 'failed' ? messages[w.failure!] : null);
            expect(snapshot.context.result).toEqual(
              w.shown === 'copied'
                ? { status: true, message: `Successfully copied to clipboard ${w.text}` }
                : w.shown === 'failed'
                  ? { status: false, message: messages[w.failure!] }
                  : null,
            );
          },
        },
        events: {
          COPY_A: () => copy('A'),
          COPY_B: () => copy('B'),
          WRITE_SUCCEEDS: () => current().end(),
          WRITE_REFUSED: () => current().end(new DOMException(messages.refused, 'NotAllowedError')),
          // The overtaken write ends as it would have on its own: successfully.
          OVERTAKEN_WRITE_ENDS: () => clipboard.writes.at(-2)!.end(),
          COPY_A_WITHOUT_CLIPBOARD: async () => {
            clipboard.install(false);
            actor.send({ type: 'clipboard.copy', text: 'A' });
            await waitFor(actor, (s) => s.matches('failed'));
            clipboard.install();
          },
        },
      });
      actor.stop();
    });
  }

  it('the model reaches every result and an overtaken write', () => {
    const reached = new Set(Object.keys(states).map((n) => `${parse(n).shown}${parse(n).stale ? ' stale' : ''}`));
    expect([...reached].sort()).toEqual(['copied', 'copied stale', 'copying', 'copying stale', 'failed', 'failed stale', 'idle']);
  });
});
