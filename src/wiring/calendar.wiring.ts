import { fromPromise } from 'xstate';
import { addToCalendarMachine, type CalendarRequest } from '../../machines/addToCalendar.machine.ts';
import { calendarFileName } from '../../domain/fileName.ts';
import { nativeCalendarEvent, type CalendarEvent } from '../../domain/calendarEvent.ts';
import { detectDeviceProfile, readDeviceInput } from '../domain/deviceProfile.ts';
import type { ContainerService } from '../services/container.ts';
import type { CalendarPlatform } from '../screens/AddToCalendar.tsx';
import { downloadTextFile } from '../services/fileDownload.ts';

/**
 * How this device adds events (spec 9): the native container's calendar; on Apple platforms the
 * `calshow:` link beside the ICS file; elsewhere the web calendar template link beside it.
 */
export function calendarPlatformOf(container: ContainerService): CalendarPlatform {
  if (container.hasNativeCalendar()) return 'native';
  const { os } = detectDeviceProfile(readDeviceInput(window));
  return os === 'iOS' || os === 'OSX' ? 'apple' : 'web';
}

/** The event's ICS file; the module that writes it (and `ics`) loads only when a member asks for the file. */
async function icsFile(event: CalendarEvent, uid: string): Promise<string> {
  const { calendarFileText } = await import('../../domain/calendarFile.ts');
  const text = calendarFileText(event, { uid, productId: 'klubb/ics' });
  if (text === null) throw new Error('the calendar file could not be made');
  return text;
}

/** "Add to calendar": the native bridge inside the container, else the ICS file; failures only logged (spec 8). */
export function wireCalendar({ container }: { container: ContainerService }) {
  return addToCalendarMachine.provide({
    actors: {
      addToCalendar: fromPromise(async ({ input }: { input: CalendarRequest }) => {
        if (await container.createCalendarEvent(nativeCalendarEvent(input.event))) return;
        downloadTextFile(calendarFileName(input.event.title), await icsFile(input.event, input.uid), 'text/calendar;charset=utf-8');
      }),
    },
    actions: {
      logFailure: (_, error: unknown) => console.warn('Add to calendar failed:', error instanceof Error ? error.message : error),
    },
  });
}
