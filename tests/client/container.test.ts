import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContainerService } from '../../src/services/container.ts';

const defaultVersion = { build: 0, version: '0.0.0' };

/** A window with the iOS bridge; `answer` plays the container (or stays silent). */
function iosWindow(answer?: (body: unknown, win: Window & { klubbContainer?: { answer(m: string, a: unknown): void } }) => void) {
  const win = {} as Window & { klubbContainer?: { answer(m: string, a: unknown): void }; webkit?: unknown };
  const postMessage = vi.fn((body: unknown) => answer && setTimeout(() => answer(body, win), 5));
  win.webkit = { messageHandlers: { getBuildAndVersion: { postMessage } } };
  return { win, postMessage };
}

const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.restoreAllMocks());

describe('container version on iOS (bridge message getBuildAndVersion)', () => {
  it('posts the message and reads the answer the container calls back with', async () => {
    const { win, postMessage } = iosWindow((_, w) => w.klubbContainer!.answer('getBuildAndVersion', '{"build":412,"version":"5.23.3"}'));
    const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win });
    await expect(container.version()).resolves.toEqual({ build: 412, version: '5.23.3' });
    expect(postMessage).toHaveBeenCalledWith({ answerWith: 'klubbContainer.answer' });
  });

  it('accepts an object answer and asks only once per page load', async () => {
    const { win, postMessage } = iosWindow((_, w) => w.klubbContainer!.answer('getBuildAndVersion', { build: '7', version: '1.2' }));
    const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win });
    const [a, b] = await Promise.all([container.version(), container.version()]);
    expect(a).toEqual({ build: 7, version: '1.2' });
    expect(b).toBe(a);
    expect(postMessage).toHaveBeenCalledTimes(1);
  });

  it("gives up after the time-out with 'Timeout limit reached' and counts as 0.0.0 build 0", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { win } = iosWindow();
    const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win, timeoutMs: 20 });
    await expect(container.version()).resolves.toEqual(defaultVersion);
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'Timeout limit reached');
  });

  it('waits 1000 ms by default', async () => {
    vi.useFakeTimers();
    try {
      vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      const { win } = iosWindow();
      let settled = false;
      const asked = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win }).version().then((v) => ((settled = true), v));
      await vi.advanceTimersByTimeAsync(999);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await expect(asked).resolves.toEqual(defaultVersion);
    } finally {
      vi.useRealTimers();
    }
  });

  it('counts a container without the message, or with a malformed answer, as 0.0.0 build 0', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const old = { webkit: { messageHandlers: {} } } as unknown as Window;
    await expect(createContainerService({ containerType: 'ios-wv', serviceUrl: null, win: old }).version()).resolves.toEqual(defaultVersion);
    const { win } = iosWindow((_, w) => w.klubbContainer!.answer('getBuildAndVersion', '{"version":"beta"}'));
    await expect(createContainerService({ containerType: 'ios-wv', serviceUrl: null, win }).version()).resolves.toEqual(defaultVersion);
  });
});

describe('container version elsewhere (GET {container service}/get_version)', () => {
  it('asks the container service for JSON', async () => {
    const fetch = vi.fn(async () => jsonResponse({ build: 99, version: '5.24.0' }));
    const container = createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100/', win: {} as Window, fetch });
    await expect(container.version()).resolves.toEqual({ build: 99, version: '5.24.0' });
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:3100/get_version', expect.objectContaining({ headers: { Accept: 'application/json' } }));
  });

  it('aborts a slow answer after the time-out and counts it as 0.0.0 build 0', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    let signal: AbortSignal | undefined;
    const fetch = vi.fn((_url: string | URL | Request, init?: RequestInit) => {
      signal = init?.signal ?? undefined;
      return new Promise<Response>(() => undefined);
    });
    const container = createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch, timeoutMs: 20 });
    await expect(container.version()).resolves.toEqual(defaultVersion);
    expect(signal?.aborted).toBe(true);
    expect(warn).toHaveBeenCalledWith(expect.any(String), 'Timeout limit reached');
  });

  it('counts an error answer as 0.0.0 build 0', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetch = vi.fn(async () => jsonResponse({ message: 'no' }, 500));
    const container = createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch });
    await expect(container.version()).resolves.toEqual(defaultVersion);
  });

  it('says null (no container) in a plain browser or without a configured service, without asking', async () => {
    const fetch = vi.fn(async () => jsonResponse({ build: 1, version: '1.0.0' }));
    for (const containerType of ['web', 'iframe', 'unknown'] as const) {
      const container = createContainerService({ containerType, serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch });
      await expect(container.version()).resolves.toBeNull();
    }
    await expect(createContainerService({ containerType: 'android-wv', serviceUrl: null, win: {} as Window, fetch }).version()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('push token (spec 7: iOS getFCMToken, Android GET {service}/{id}/get_fcm_token)', () => {
  it('asks the iOS bridge and reads the token the container answers with', async () => {
    const win = {} as Window & { klubbContainer?: { answer(m: string, a: unknown): void }; webkit?: unknown };
    const postMessage = vi.fn(() => setTimeout(() => win.klubbContainer!.answer('getFCMToken', '{"token":"fcm-abc"}'), 5));
    win.webkit = { messageHandlers: { getFCMToken: { postMessage } } };
    const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win });
    await expect(container.pushToken('aurora')).resolves.toBe('fcm-abc');
    expect(postMessage).toHaveBeenCalledWith({ answerWith: 'klubbContainer.answer' });
  });

  it("gives up on a silent iOS container after the time-out with 'Timeout limit reached'", async () => {
    const win = { webkit: { messageHandlers: { getFCMToken: { postMessage: vi.fn() } } } } as unknown as Window;
    const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win, timeoutMs: 20 });
    await expect(container.pushToken('aurora')).rejects.toThrow('Timeout limit reached');
  });

  it('asks the Android container service at {id}/get_fcm_token', async () => {
    const fetch = vi.fn(async () => jsonResponse({ token: 'fcm-droid' }));
    const container = createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100/', win: {} as Window, fetch });
    await expect(container.pushToken('aurora')).resolves.toBe('fcm-droid');
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:3100/aurora/get_fcm_token', expect.objectContaining({ headers: { Accept: 'application/json' } }));
  });

  it('has none in a plain browser, an iOS container without the message, or on an empty answer', async () => {
    const fetch = vi.fn(async () => jsonResponse({ token: '' }));
    await expect(createContainerService({ containerType: 'web', serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch }).pushToken('aurora')).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
    const old = { webkit: { messageHandlers: {} } } as unknown as Window;
    await expect(createContainerService({ containerType: 'ios-wv', serviceUrl: null, win: old }).pushToken('aurora')).resolves.toBeNull();
    await expect(createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch }).pushToken('aurora')).resolves.toBeNull();
  });
});

describe('push and tracking messages (spec 7: registerForPushNotifications, unRegisterForPushNotifications, promptAllowTracking)', () => {
  it('posts each message to the iOS bridge', async () => {
    const handlers = Object.fromEntries(
      ['registerForPushNotifications', 'unRegisterForPushNotifications', 'promptAllowTracking'].map((m) => [m, { postMessage: vi.fn() }]),
    );
    const win = { webkit: { messageHandlers: handlers } } as unknown as Window;
    const container = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win });
    for (const message of ['registerForPushNotifications', 'unRegisterForPushNotifications', 'promptAllowTracking'] as const) {
      await expect(container.tell(message)).resolves.toBe('sent');
      expect(handlers[message]!.postMessage).toHaveBeenCalledTimes(1);
    }
  });

  it('says unavailable in a plain browser, on Android, and in an iOS container without the message', async () => {
    const fetch = vi.fn(async () => jsonResponse({}));
    const old = { webkit: { messageHandlers: {} } } as unknown as Window;
    await expect(createContainerService({ containerType: 'ios-wv', serviceUrl: null, win: old }).tell('promptAllowTracking')).resolves.toBe('unavailable');
    await expect(createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch }).tell('registerForPushNotifications')).resolves.toBe('unavailable');
    await expect(createContainerService({ containerType: 'web', serviceUrl: null, win: {} as Window }).tell('unRegisterForPushNotifications')).resolves.toBe('unavailable');
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('container init (the test page asks the version afresh)', () => {
  it('asks again on every call and rejects on a time-out instead of counting 0.0.0', async () => {
    const fetch = vi.fn(async () => jsonResponse({ build: 5, version: '5.0.0' }));
    const container = createContainerService({ containerType: 'android-wv', serviceUrl: 'http://127.0.0.1:3100', win: {} as Window, fetch });
    await container.version();
    await expect(container.init()).resolves.toEqual({ build: 5, version: '5.0.0' });
    expect(fetch).toHaveBeenCalledTimes(2);
    const silent = createContainerService({ containerType: 'ios-wv', serviceUrl: null, win: { webkit: { messageHandlers: { getBuildAndVersion: { postMessage: vi.fn() } } } } as unknown as Window, timeoutMs: 20 });
    await expect(silent.init()).rejects.toThrow('Timeout limit reached');
  });
});
