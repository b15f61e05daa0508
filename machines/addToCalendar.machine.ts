import { assign, fromPromise, setup } from 'xstate';
import { notProvided } from './errorCode.ts';
import type { CalendarEvent } from '../domain/calendarEvent.ts';

/** One "Add to calendar" request: the event and a stable id for it (the ICS UID). */
export interface CalendarRequest {
  event: CalendarEvent;
  uid: string;
}

export interface AddToCalendarContext {
  /** The request being (or last) handled. */
  request: CalendarRequest | null;
}

export type AddToCalendarEvent = { type: 'calendar.add' } & CalendarRequest;

/**
 * "Add to calendar" of a page's events (spec 3, 7, 9): idle, then adding through the platform's
 * way (the native container's `createCalendarEvent`, else an ICS file download). The web template
 * and `calshow:` links are plain links and need no machine. Spec 8: a failure is only logged.
 */
export const addToCalendarMachine = setup({
  types: {
    context: {} as AddToCalendarContext,
    events: {} as AddToCalendarEvent,
  },
  actors: {
    addToCalendar: fromPromise<void, CalendarRequest>(async () => notProvided('addToCalendar')),
  },
  actions: {
    logFailure: (_, _error: unknown) => notProvided('logFailure'),
  },
}).createMachine({
  id: 'addToCalendar',
  context: { request: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'calendar.add': { target: 'adding', actions: assign({ request: ({ event: { event, uid } }) => ({ event, uid }) }) } },
    },
    adding: {
      invoke: {
        src: 'addToCalendar',
        input: ({ context }) => context.request!,
        onDone: 'idle',
        onError: { target: 'idle', actions: { type: 'logFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
