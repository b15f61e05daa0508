/**
 * Device profile (spec section 3) and the layout rules that depend on it (spec section 9).
 * Everything here is pure except `readDeviceInput`, the one place that reads browser globals.
 */
import { iosModelForScreen } from './deviceModels.ts';
import { detectOs, detectType, type DeviceType, type Os } from '../../domain/deviceType.ts';

export type { DeviceType, Os };

export type Browser =
  | 'chrome'
  | 'firefox'
  | 'edge'
  | 'edge chromium'
  | 'opera'
  | 'safari'
  | 'internet explorer'
  | 'unknown';
export type ContainerType = 'web' | 'iframe' | 'ios-wv' | 'android-wv' | 'unknown';

export interface DeviceProfile {
  os: Os;
  browser: Browser;
  device: { name: string; type: DeviceType; containerType: ContainerType };
}

export interface DeviceInput {
  userAgent: string;
  /** `screen.width` / `screen.height` in CSS pixels, in the current orientation. */
  screenWidth: number;
  screenHeight: number;
  maxTouchPoints: number;
  inIframe: boolean;
  /** `window.webkit.messageHandlers` exists (iOS native container). */
  hasIosBridge: boolean;
  /** Running inside the Android native container's web view. */
  hasAndroidBridge: boolean;
}

/** First match wins: Chromium Edge and Opera also carry "Chrome/", and nearly all carry "Safari/". */
const BROWSER_TOKENS: ReadonlyArray<[RegExp, Browser]> = [
  [/Edg(A|iOS)?\//, 'edge chromium'],
  [/Edge\//, 'edge'],
  [/OPR\/|OPT\/|Opera/, 'opera'],
  [/Chrome\/|CriOS\//, 'chrome'],
  [/Firefox\/|FxiOS\//, 'firefox'],
  [/Safari\//, 'safari'],
  [/Trident\/|MSIE /, 'internet explorer'],
];

function detectBrowser(ua: string, os: Os): Browser {
  const match = BROWSER_TOKENS.find(([pattern]) => pattern.test(ua));
  if (match) return match[1];
  // An iOS web view (WKWebView) drops the "Safari/" token but is still Safari's engine.
  return os === 'iOS' && /AppleWebKit/.test(ua) ? 'safari' : 'unknown';
}

function detectContainer(input: DeviceInput): ContainerType {
  if (input.hasIosBridge) return 'ios-wv';
  if (input.hasAndroidBridge) return 'android-wv';
  return input.inIframe ? 'iframe' : 'web';
}

export function detectDeviceProfile(input: DeviceInput): DeviceProfile {
  const { userAgent: ua, screenWidth, screenHeight } = input;
  const os = detectOs(ua, input.maxTouchPoints);
  const type = detectType(os, ua, screenWidth, screenHeight);
  const name =
    type === 'desktop'
      ? 'desktop'
      : (os === 'iOS' && iosModelForScreen(screenWidth, screenHeight)) || 'unknown';
  return {
    os,
    browser: detectBrowser(ua, os),
    device: { name, type, containerType: detectContainer(input) },
  };
}

/**
 * Spec section 9: desktop means desktop device type outside an iframe, in a window at least
 * `breakpoints.desktopLayout` wide (src/theme/breakpoints.ts): a desktop browser in a narrow window (or a
 * tablet asking for the desktop site) gets the phone layout, like the skeleton's CSS at that width
 * (server/shell/skeleton.ts). A phone or tablet keeps the phone layout in any window.
 */
export function isDesktopLayout(profile: DeviceProfile, wideWindow = true): boolean {
  return profile.device.type === 'desktop' && profile.device.containerType !== 'iframe' && wideWindow;
}

/** Spec section 9: space above the content for the native container's status bar. */
export function topInset(profile: DeviceProfile, notched: boolean): number {
  switch (profile.device.containerType) {
    case 'ios-wv':
      return notched ? 40 : 20;
    case 'android-wv':
      return 24;
    default:
      return 0;
  }
}

/** The only function that touches real browser globals. */
export function readDeviceInput(win: Window): DeviceInput {
  const { navigator: nav, screen } = win;
  let inIframe: boolean;
  try {
    inIframe = win.self !== win.top;
  } catch {
    inIframe = true; // a cross-origin parent can make `top` throw
  }
  const webkit = (win as { webkit?: { messageHandlers?: unknown } }).webkit;
  return {
    userAgent: nav.userAgent,
    screenWidth: screen.width,
    screenHeight: screen.height,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    inIframe,
    hasIosBridge: Boolean(webkit?.messageHandlers),
    // Android System WebView marks its user agent with "; wv)".
    hasAndroidBridge: /;\s*wv\)/.test(nav.userAgent),
  };
}
