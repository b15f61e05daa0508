/** Where the door screen shows the camera: the wiring puts the stream in, the screen's video element shows it. */
export interface Viewfinder {
  /** The screen's `<video>` (a ref callback), or null when it unmounts. */
  attach(video: HTMLVideoElement | null): void;
  show(stream: MediaStream | null): void;
  /** The element the decoder reads frames from, once the stream plays in it. */
  video(): HTMLVideoElement | null;
}

export function createViewfinder(): Viewfinder {
  let element: HTMLVideoElement | null = null;
  let stream: MediaStream | null = null;
  const connect = () => {
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    if (stream) void element.play().catch(() => undefined);
  };
  return {
    attach(video) {
      element = video;
      connect();
    },
    show(next) {
      stream = next;
      connect();
    },
    video: () => element,
  };
}

/** Reads the QR codes in a video frame. */
type FrameDecoder = (video: HTMLVideoElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

/** The browser's BarcodeDetector where it reads QR codes; jsQR (loaded only then) elsewhere, such as Chromium on Linux. */
async function frameDecoder(win: Window): Promise<FrameDecoder> {
  const Detector = (win as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats?.().catch((): string[] => []))?.includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = win.document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || video.videoWidth === 0) return null;
    // A phone camera's full frame is more than a QR code needs and costs jsQR its time.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
  };
}

/**
 * Loads jsQR now where the browser has no BarcodeDetector: the door screen calls it when it opens,
 * so the decoder is in before the venue's network goes, not fetched at the first scan.
 */
export function preloadDecoder(win: Window): void {
  if (!('BarcodeDetector' in win)) void import('jsqr').catch(() => undefined);
}

const frameEveryMs = 150;

/**
 * The back camera into the viewfinder, its frames decoded until stopped: `onCode` for each code
 * read, `onFailure` when there is no camera or no permission. Returns the stop, which ends the
 * camera's tracks (the phone's camera light goes out).
 */
export function watchCamera(win: Window, viewfinder: Viewfinder, onCode: (code: string) => void, onFailure: () => void): () => void {
  let stopped = false;
  let stream: MediaStream | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const start = async () => {
    const media = win.navigator.mediaDevices;
    if (!media?.getUserMedia) throw new Error('no camera');
    stream = await media.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
    if (stopped) return stream.getTracks().forEach((track) => track.stop());
    viewfinder.show(stream);
    const decode = await frameDecoder(win);
    const tick = async () => {
      if (stopped) return;
      const video = viewfinder.video();
      const code = video && video.readyState >= 2 ? await decode(video).catch(() => null) : null;
      if (stopped) return;
      if (code) onCode(code);
      timer = setTimeout(() => void tick(), frameEveryMs);
    };
    void tick();
  };
  start().catch(() => {
    if (!stopped) onFailure();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    stream?.getTracks().forEach((track) => track.stop());
    viewfinder.show(null);
  };
}

/** A short beep (Web Audio) and a vibration: one high beep for admitted, two low for refused. */
export function signalAnswer(win: Window, admitted: boolean): void {
  try {
    win.navigator.vibrate?.(admitted ? 120 : [200, 100, 200]);
  } catch {
    // No vibration here.
  }
  try {
    const audioWindow = win as unknown as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext };
    const AudioContextClass = audioWindow.AudioContext ?? audioWindow.webkitAudioContext;
    if (!AudioContextClass) return;
    const audio = new AudioContextClass();
    const beeps = admitted ? [{ at: 0, hz: 1320 }] : [{ at: 0, hz: 330 }, { at: 0.25, hz: 330 }];
    for (const { at, hz } of beeps) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = hz;
      gain.gain.value = 0.2;
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(audio.currentTime + at);
      oscillator.stop(audio.currentTime + at + 0.18);
    }
    setTimeout(() => void audio.close().catch(() => undefined), 1000);
  } catch {
    // No sound here.
  }
}
