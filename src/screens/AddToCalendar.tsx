import { useLingui } from '@lingui/react/macro';
import type { CalendarRequest } from '../../machines/addToCalendar.machine.ts';
import { calendarTemplateUrl, calshowUrl, type CalendarEvent } from '../../domain/calendarEvent.ts';
import { Button } from '../components/Button.tsx';
import * as styles from './addToCalendar.css.ts';

/** How the device adds events: the container's calendar, or the ICS file with Apple's `calshow:` or the web template link. */
export type CalendarPlatform = 'native' | 'apple' | 'web';

export interface AddToCalendarProps {
  event: CalendarEvent;
  /** Stable id of the event (the ICS UID). */
  uid: string;
  platform: CalendarPlatform;
  onAdd: (request: CalendarRequest) => void;
}

/** "Add to calendar" for one event (spec 3, 7, 9): one button in the native container; elsewhere the ICS file and a calendar link. */
export function AddToCalendar({ event, uid, platform, onAdd }: AddToCalendarProps) {
  const { t } = useLingui();
  const add = () => onAdd({ event, uid });
  return (
    <div role="group" aria-label={t`Add ${event.title} to your calendar`} className={styles.actions}>
      {platform === 'native' ? (
        <Button variant="secondary" onClick={add}>{t`Add to calendar`}</Button>
      ) : (
        <>
          <Button variant="secondary" onClick={add}>{t`Download calendar file`}</Button>
          {platform === 'apple' ? (
            <a className={styles.link} href={calshowUrl(event)}>{t`Open in Calendar`}</a>
          ) : (
            <a className={styles.link} href={calendarTemplateUrl(event)} target="_blank" rel="noopener noreferrer">{t`Add to Google Calendar`}</a>
          )}
        </>
      )}
    </div>
  );
}
