import type { ContainerType } from '../domain/deviceProfile.ts';
import { defaultContainerVersion, readContainerVersion, type ContainerVersion } from '../../domain/version.ts';

/** Spec 7 and 9: every call to the native container gives up after 1000 ms. */
export const containerTimeoutMs = 1000;
export const timeoutMessage = 'Timeout limit reached';

/**
 * Where the iOS container answers bridge messages: it calls
 * `window.klubbContainer.answer(<message name>, <answer object or JSON text>)`.
 */
export const answerFunction = 'klubbContainer.answer';

interface MessageHandler {
  postMessage(body: unknown): void;
}

type BridgeWindow = Window & {
  webkit?: { messageHandlers?: Record<string, MessageHandler | undefined> };
  klubbContainer?: { answer(message: string, answer: unknown): void };
};

export interface ContainerOptions {
  containerType: ContainerType;
  /** Base URL of the Android container's local service (VITE_CONTAINER_SERVICE_URL), or null. */
  serviceUrl: string | null;
  win?: Window;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export interface ContainerService {
  /**
   * The native container's version, asked once per page load; null in a plain browser.
   * A container that cannot say (no such message, time-out, bad answer) counts as 0.0.0
   * build 0, the spec's default: it predates the call, so it is treated as old.
   */
  version(): Promise<ContainerVersion | null>;
  /**
   * Asks the iOS container to add an event to the device's calendar (spec 7: title, description,
   * start and end in seconds since 1970). Resolves false where there is no such bridge (a plain
   * browser, Android, an older container); the container does not answer this message.
   */
  createCalendarEvent(event: NativeCalendarEvent): Promise<boolean>;
  /** Whether `createCalendarEvent` reaches a native calendar here. */
  hasNativeCalendar(): boolean;
  /**
   * The device's push token (spec 7: iOS bridge `getFCMToken`, Android `GET {service}/{id}/get_fcm_token`
   * with the brand's id), or null where there is none (a plain browser, an empty answer). Rejects
   * with 'Timeout limit reached' after 1000 ms.
   */
  pushToken(id: string): Promise<string | null>;
  /**
   * Asks the container for its version afresh (the test page's "container init"); null in a plain
   * browser. Unlike `version()` it rejects on a time-out or a bad answer, so the page can say why.
   */
  init(): Promise<ContainerVersion | null>;
  /**
   * Posts one of the iOS bridge's push and tracking messages (spec 7); the container does not answer
   * them. 'unavailable' where there is no such bridge message (a plain browser, Android, an older container).
   */
  tell(message: ContainerMessage): Promise<'sent' | 'unavailable'>;
}

/** The iOS bridge's messages that only ask the container to do something (spec 7). */
export const containerMessages = ['registerForPushNotifications', 'unRegisterForPushNotifications', 'promptAllowTracking'] as const;
export type ContainerMessage = (typeof containerMessages)[number];

export interface NativeCalendarEvent {
  title: string;
  description: string;
  startDate: number;
  endDate: number;
}

function withTimeout<T>(promise: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new Error(timeoutMessage));
    }, ms);
    promise.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error: unknown) => (clearTimeout(timer), reject(error)),
    );
  });
}

/** The iOS bridge: post the message, wait for the container to call the answer function. */
function createBridge(win: BridgeWindow) {
  const waiting = new Map<string, Array<(answer: unknown) => void>>();
  const ensureAnswerFunction = () => {
    win.klubbContainer ??= {
      answer(message, answer) {
        const resolvers = waiting.get(message) ?? [];
        waiting.delete(message);
        for (const resolve of resolvers) resolve(answer);
      },
    };
  };
  return {
    has: (message: string) => typeof win.webkit?.messageHandlers?.[message]?.postMessage === 'function',
    post: (message: string, body: unknown) => win.webkit!.messageHandlers![message]!.postMessage(body),
    ask(message: string, timeoutMs: number): Promise<unknown> {
      ensureAnswerFunction();
      const answered = new Promise<unknown>((resolve) => waiting.set(message, [...(waiting.get(message) ?? []), resolve]));
      win.webkit!.messageHandlers![message]!.postMessage({ answerWith: answerFunction });
      return withTimeout(answered, timeoutMs, () => waiting.delete(message));
    },
  };
}

async function getJson(doFetch: typeof fetch, url: string, timeoutMs: number): Promise<unknown> {
  const abort = new AbortController();
  const request = doFetch(url, { headers: { Accept: 'application/json' }, signal: abort.signal }).then((response) => {
    if (!response.ok) throw new Error(`The container service answered ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  return withTimeout(request, timeoutMs, () => abort.abort());
}

/** A push-token answer: the token as text, JSON text, or `{ token }` / `{ fcmToken }`; anything empty is none. */
export function readPushToken(answer: unknown): string | null {
  let value = answer;
  if (typeof value === 'string') {
    const text = value.trim();
    if (!text.startsWith('{') && !text.startsWith('"')) return text || null;
    try {
      value = JSON.parse(text);
    } catch {
      return null;
    }
  }
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value !== 'object' || value === null) return null;
  const { token, fcmToken } = value as { token?: unknown; fcmToken?: unknown };
  const found = typeof token === 'string' ? token : typeof fcmToken === 'string' ? fcmToken : '';
  return found.trim() || null;
}

export function createContainerService(options: ContainerOptions): ContainerService {
  const win = (options.win ?? window) as BridgeWindow;
  const timeoutMs = options.timeoutMs ?? containerTimeoutMs;
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const bridge = createBridge(win);
  const serviceUrl = options.serviceUrl?.replace(/\/$/, '') || null;

  async function ask(): Promise<ContainerVersion | null> {
    let answer: unknown;
    if (options.containerType === 'ios-wv') {
      if (!bridge.has('getBuildAndVersion')) return defaultContainerVersion;
      answer = await bridge.ask('getBuildAndVersion', timeoutMs);
    } else if (options.containerType === 'android-wv' && serviceUrl) {
      answer = await getJson(doFetch, `${serviceUrl}/get_version`, timeoutMs);
    } else {
      return null;
    }
    const version = readContainerVersion(answer);
    if (!version) throw new Error('The container answered no build and version');
    return version;
  }

  let asked: Promise<ContainerVersion | null> | null = null;
  return {
    init: ask,
    async tell(message) {
      if (options.containerType !== 'ios-wv' || !bridge.has(message)) return 'unavailable';
      bridge.post(message, {});
      return 'sent';
    },
    version() {
      asked ??= ask().catch((error: unknown) => {
        console.warn('Container version unavailable:', error instanceof Error ? error.message : error);
        return defaultContainerVersion;
      });
      return asked;
    },
    async pushToken(id) {
      if (options.containerType === 'ios-wv') {
        if (!bridge.has('getFCMToken')) return null;
        return readPushToken(await bridge.ask('getFCMToken', timeoutMs));
      }
      if (options.containerType === 'android-wv' && serviceUrl) {
        return readPushToken(await getJson(doFetch, `${serviceUrl}/${encodeURIComponent(id)}/get_fcm_token`, timeoutMs));
      }
      return null;
    },
    hasNativeCalendar: () => options.containerType === 'ios-wv' && bridge.has('createCalendarEvent'),
    async createCalendarEvent(event) {
      if (options.containerType !== 'ios-wv' || !bridge.has('createCalendarEvent')) return false;
      bridge.post('createCalendarEvent', event);
      return true;
    },
  };
}
