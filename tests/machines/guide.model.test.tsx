import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { guideMachine } from '../../machines/guide.machine.ts';
import { GuideDialog } from '../../src/screens/guide/GuideDialog.tsx';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';
import { renderScreen } from './offerListHarness.tsx';

/*
 * The step-by-step guide's first-visit dialog over the real machine and a fake device store
 * (issue 23): four steps with Next, Back and Skip; Escape skips; finishing or skipping marks it
 * seen, and a later visit (the app opened again) shows it only if it was not seen.
 */
interface World {
  /** The dialog's step, or null when it is closed. */
  step: number | null;
  seen: boolean;
  visits: number;
}

const stepCount = 4;
const titles = ['Your feed', 'Offers and promo codes', 'Tickets', 'More'];

function next(w: World, event: string): World | null {
  const close = (): World => ({ ...w, step: null, seen: true });
  switch (event) {
    case 'NEXT':
      return w.step === null ? null : w.step === stepCount - 1 ? close() : { ...w, step: w.step + 1 };
    case 'BACK':
      return w.step === null || w.step === 0 ? null : { ...w, step: w.step - 1 };
    case 'SKIP':
    case 'ESCAPE':
      return w.step === null ? null : close();
    // Bounded: the app is opened again once.
    case 'VISIT_AGAIN':
      return w.visits < 2 ? { ...w, step: w.seen ? null : 0, visits: w.visits + 1 } : null;
    default:
      return null;
  }
}

const events = ['NEXT', 'BACK', 'SKIP', 'ESCAPE', 'VISIT_AGAIN'];
const name = (w: World) => JSON.stringify(w);
const start: World = { step: 0, seen: false, visits: 1 };
const model = createTestModel(createMachine({ id: 'guideWorld', initial: name(start), states: exploreWorlds(start, events, next, name) }));

afterEach(cleanup);

describe('the first-visit guide, generated paths over the rendered dialog', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(steps, async () => {
      const store = { seen: false, writes: 0 };
      const visit = () => {
        cleanup();
        const logic = guideMachine.provide({ actions: { markSeen: () => void ((store.seen = true), store.writes++), leave: () => {} } });
        renderScreen(<GuideDialog logic={logic} seen={store.seen} />);
      };
      visit();
      await model.testPath(path, {
        states: {
          '*': (state) => {
            const w = JSON.parse(String(state.value)) as World;
            expect(store.seen).toBe(w.seen);
            const dialog = screen.queryByRole('dialog');
            if (w.step === null) return expect(dialog).toBeNull();
            expect(dialog).not.toBeNull();
            expect(screen.getByText(`Step ${w.step + 1} of ${stepCount}`)).toBeTruthy();
            const title = screen.getByRole('heading', { level: 2 });
            expect(title.textContent).toBe(titles[w.step]);
            expect(dialog!.getAttribute('aria-labelledby')).toBe(title.id);
            // Focus stays in the dialog: on its first button when it opens, on the step's title after a move.
            expect(dialog!.contains(document.activeElement)).toBe(true);
            expect(screen.queryByRole('button', { name: 'Back' }) !== null).toBe(w.step > 0);
            screen.getByRole('button', { name: w.step === stepCount - 1 ? 'Done' : 'Next' });
          },
        },
        events: {
          NEXT: () => void fireEvent.click(screen.getByRole('button', { name: /^(Next|Done)$/ })),
          BACK: () => void fireEvent.click(screen.getByRole('button', { name: 'Back' })),
          SKIP: () => void fireEvent.click(screen.getByRole('button', { name: 'Skip the guide' })),
          ESCAPE: () => void fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' }),
          VISIT_AGAIN: visit,
        },
      });
      // Seen is written once, when the guide ends.
      expect(store.writes).toBeLessThanOrEqual(1);
    });
  }
});
