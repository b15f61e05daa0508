import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createViewfinder, watchCamera } from '../../src/services/doorCamera.ts';

/*
 * The door's camera (src/services/doorCamera.ts, the machine's `camera` actor in the wiring) on a
 * fake browser: the back camera into the viewfinder, frames read by the BarcodeDetector where
 * it reads QR codes, and every track stopped when the scanning ends, also when it ends before
 * the camera answered.
 */
function fakeBrowser({ camera = 'granted', formats = ['qr_code'] }: { camera?: 'granted' | 'denied'; formats?: string[] } = {}) {
  const track = { stop: vi.fn() };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  let grant: (stream: MediaStream) => void = () => undefined;
  const getUserMedia = vi.fn(
    (constraints: MediaStreamConstraints) =>
      new Promise<MediaStream>((resolve, reject) => {
        expect(constraints.video).toEqual({ facingMode: 'environment' });
        if (camera === 'denied') reject(new DOMException('Permission denied', 'NotAllowedError'));
        else grant = resolve;
      }),
  );
  const seen: string[] = [];
  class BarcodeDetector {
    static getSupportedFormats = async () => formats;
    constructor(readonly options: { formats: string[] }) {}
    async detect() {
      return seen.length > 0 ? [{ rawValue: seen[0]! }] : [];
    }
  }
  const win = { navigator: { mediaDevices: { getUserMedia } }, BarcodeDetector, document } as unknown as Window;
  const video = { readyState: 4, srcObject: null as MediaStream | null, play: vi.fn(async () => undefined), videoWidth: 640 } as unknown as HTMLVideoElement;
  return { win, video, track, stream, getUserMedia, grant: () => grant(stream), show: (code: string) => void seen.splice(0, 1, code) };
}

beforeEach(() => void vi.useFakeTimers());
afterEach(() => void vi.useRealTimers());

describe('the door camera', () => {
  it('shows the back camera, reports the codes it reads, and stops the camera when scanning ends', async () => {
    const browser = fakeBrowser();
    const viewfinder = createViewfinder();
    viewfinder.attach(browser.video);
    const codes: string[] = [];
    const failed = vi.fn();
    const stop = watchCamera(browser.win, viewfinder, (code) => codes.push(code), failed);
    browser.grant();
    await vi.advanceTimersByTimeAsync(0);
    expect(browser.video.srcObject).toBe(browser.stream);
    await vi.advanceTimersByTimeAsync(500);
    expect(codes).toEqual([]);
    browser.show('ticket-code');
    await vi.advanceTimersByTimeAsync(200);
    expect(codes[0]).toBe('ticket-code');
    stop();
    const read = codes.length;
    await vi.advanceTimersByTimeAsync(1000);
    expect(codes).toHaveLength(read);
    expect(browser.track.stop).toHaveBeenCalledTimes(1);
    expect(browser.video.srcObject).toBeNull();
    expect(failed).not.toHaveBeenCalled();
  });

  it('says so when there is no permission', async () => {
    const browser = fakeBrowser({ camera: 'denied' });
    const failed = vi.fn();
    watchCamera(browser.win, createViewfinder(), () => undefined, failed);
    await vi.advanceTimersByTimeAsync(0);
    expect(failed).toHaveBeenCalledTimes(1);
  });

  it('stops a camera that answers after the scanning ended, and reports nothing', async () => {
    const browser = fakeBrowser();
    const viewfinder = createViewfinder();
    viewfinder.attach(browser.video);
    const codes: string[] = [];
    const failed = vi.fn();
    const stop = watchCamera(browser.win, viewfinder, (code) => codes.push(code), failed);
    stop();
    browser.show('ticket-code');
    browser.grant();
    await vi.advanceTimersByTimeAsync(1000);
    expect(browser.track.stop).toHaveBeenCalledTimes(1);
    expect(browser.video.srcObject).toBeNull();
    expect(codes).toEqual([]);
    expect(failed).not.toHaveBeenCalled();
  });
});
