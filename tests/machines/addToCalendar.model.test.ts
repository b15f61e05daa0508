import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine, waitFor } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { wireCalendar } from '../../src/wiring/calendar.wiring.ts';
import type { ContainerService, NativeCalendarEvent } from '../../src/services/container.ts';
import type { CalendarRequest } from '../../machines/addToCalendar.machine.ts';
import { exploreWorlds, pathPerTransition, withoutPrefixes } from './modelPaths.ts';

/*
 * "Add to calendar" as the app wires it (the native container's calendar, else an ICS file),
 * walked directly over a fake container whose bridge answers when the test says: the screens
 * that use it (order history, offer page) cannot hold a request half-way, and their model tests
 * walk a tap each. The model is the spec's (3, 7, 8, 9): a tap hands the event to the native
 * calendar, or downloads its ICS file where there is none; taps while one is being added are
 * ignored; a failure is only logged.
 */
type Event = 'evening' | 'matinee';
interface World {
  adding: Event | null;
  /** What reached the native calendar, the ICS files downloaded, the failures logged. */
  native: Event[];
  files: Event[];
  logged: number;
}

function next(w: World, event: string): World | null {
  const done = w.native.length + w.files.length + w.logged;
  const finish = (to: Partial<World>): World | null => (w.adding ? { ...w, ...to, adding: null } : null);
  switch (event) {
    // Bounded: the evening, then the matinee.
    case 'TAP_EVENING':
      return w.adding === null && done === 0 ? { ...w, adding: 'evening' } : null;
    case 'TAP_MATINEE':
      return w.adding === null && done === 1 ? { ...w, adding: 'matinee' } : null;
    case 'TAP_MATINEE_WHILE_ADDING':
      return w.adding === 'evening' ? w : null;
    case 'NATIVE_CALENDAR_ADDS':
      return finish({ native: [...w.native, w.adding!] });
    case 'NO_NATIVE_CALENDAR':
      return finish({ files: [...w.files, w.adding!] });
    case 'BRIDGE_FAILS':
      return finish({ logged: w.logged + 1 });
    default:
      return null;
  }
}

const events = ['TAP_EVENING', 'TAP_MATINEE', 'TAP_MATINEE_WHILE_ADDING', 'NATIVE_CALENDAR_ADDS', 'NO_NATIVE_CALENDAR', 'BRIDGE_FAILS'];
const name = (w: World) => [w.adding ?? 'idle', w.native.join(',') || '-', w.files.join(',') || '-', `logged ${w.logged}`].join('|');
const parse = (value: string): World => {
  const [adding, native, files, logged] = value.split('|');
  const list = (text: string) => (text === '-' ? [] : (text.split(',') as Event[]));
  return { adding: adding === 'idle' ? null : (adding as Event), native: list(native!), files: list(files!), logged: Number(logged!.split(' ')[1]) };
};
const start: World = { adding: null, native: [], files: [], logged: 0 };
const states = exploreWorlds(start, events, next, name);
const model = createTestModel(createMachine({ id: 'calendarWorld', initial: name(start), states }));

const hour = 3_600_000;
const evening = Date.parse('2026-12-09T18:00:00Z');
const requests: Record<Event, CalendarRequest> = {
  evening: { uid: 'o-1-1@klubb', event: { title: 'Mørketid live: Evening', description: '', location: 'Hötorget 8', start: evening, end: evening + 3 * hour } },
  matinee: { uid: 'o-1-2@klubb', event: { title: 'Mørketid live: Matinee', description: '', location: 'Hötorget 8', start: evening - 5 * hour, end: evening - 3 * hour } },
};

/** The native container's calendar bridge, answering each request when the test says. */
function fakeContainer() {
  const asked: { event: NativeCalendarEvent; answer: (added: boolean | Error) => void }[] = [];
  const container = {
    hasNativeCalendar: () => true,
    createCalendarEvent: (event: NativeCalendarEvent) =>
      new Promise<boolean>((resolve, reject) => asked.push({ event, answer: (added) => (added instanceof Error ? reject(added) : resolve(added)) })),
  } as Partial<ContainerService> as ContainerService;
  return { asked, container };
}

let downloads: { name: string; file: Blob }[] = [];
let warnings: unknown[][] = [];
beforeEach(() => {
  downloads = [];
  warnings = [];
  const files: Blob[] = [];
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => (files.push(blob as Blob), `blob:${files.length}`));
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, file: files[Number(this.href.split(':').at(-1)) - 1]! });
  });
  vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args));
});
afterEach(() => vi.restoreAllMocks());

describe('add to calendar, generated paths over the wired machine and a fake container', () => {
  for (const path of withoutPrefixes(pathPerTransition(model.getShortestPaths()))) {
    const steps = path.steps.map((s) => s.event.type).join(' → ');
    it(`${steps} gives ${String(path.state.value)}`, async () => {
      const { asked, container } = fakeContainer();
      const actor = createActor(wireCalendar({ container })).start();
      const tap = (event: Event) => actor.send({ type: 'calendar.add', ...requests[event] });
      const answer = async (added: boolean | Error) => {
        asked.at(-1)!.answer(added);
        await waitFor(actor, (s) => s.matches('idle'));
      };

      await model.testPath(path, {
        states: {
          '*': async (state) => {
            const w = parse(String(state.value));
            const snapshot = actor.getSnapshot();
            expect(snapshot.value).toBe(w.adding ? 'adding' : 'idle');
            if (w.adding) expect(snapshot.context.request).toEqual(requests[w.adding]);
            // Every tap taken reached the bridge with its event, in seconds; ignored taps did not.
            const taken = [...w.native, ...w.files, ...Array.from({ length: w.logged }, () => null)];
            expect(asked).toHaveLength(taken.length + (w.adding ? 1 : 0));
            if (w.adding) {
              const { event } = requests[w.adding];
              expect(asked.at(-1)!.event).toEqual({ title: event.title, description: '', startDate: event.start / 1000, endDate: event.end / 1000 });
            }
            // Without a native calendar the event comes as an ICS file named after it, with its UID.
            expect(downloads.map((d) => d.name)).toEqual(w.files.map((e) => (e === 'evening' ? 'mørketid-live-evening.ics' : 'mørketid-live-matinee.ics')));
            for (const [i, download] of downloads.entries()) {
              const ics = await download.file.text();
              expect(ics).toContain(`UID:${requests[w.files[i]!].uid}`);
              expect(ics).toContain(`SUMMARY:${requests[w.files[i]!].event.title}`);
            }
            expect(warnings).toEqual(Array.from({ length: w.logged }, () => ['Add to calendar failed:', 'calendar access denied']));
          },
        },
        events: {
          TAP_EVENING: () => tap('evening'),
          TAP_MATINEE: () => tap('matinee'),
          TAP_MATINEE_WHILE_ADDING: () => tap('matinee'),
          NATIVE_CALENDAR_ADDS: () => answer(true),
          NO_NATIVE_CALENDAR: () => answer(false),
          BRIDGE_FAILS: () => answer(new Error('calendar access denied')),
        },
      });
      actor.stop();
    });
  }
});
