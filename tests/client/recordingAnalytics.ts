import type { Analytics, AnalyticsContext } from '../../src/services/analytics.ts';
import type { AnalyticsEventName } from '../../contract/analyticsEvents.ts';
import type { CustomParams } from '../../src/domain/analyticsEvent.ts';

export interface RecordedEvent {
  name: AnalyticsEventName;
  customParams?: CustomParams;
  pathName?: string;
}

/** The analytics service of harnesses that render wired screens: keeps what it is told, sends nothing. */
export function recordingAnalytics(): Analytics & { events: RecordedEvent[]; context: AnalyticsContext | null } {
  const recorder = {
    sessionId: 'TESTSESSIO-N000000000-0000000000',
    events: [] as RecordedEvent[],
    context: null as AnalyticsContext | null,
    setContext: (context: AnalyticsContext | null) => void (recorder.context = context),
    track: (name: AnalyticsEventName, customParams?: CustomParams, pathName?: string) =>
      void recorder.events.push({ name, ...(customParams ? { customParams } : {}), ...(pathName ? { pathName } : {}) }),
    flush: () => undefined,
    stop: () => undefined,
  };
  return recorder;
}
