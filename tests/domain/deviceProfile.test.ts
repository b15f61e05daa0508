import { describe, expect, it } from 'vitest';
import {
  type DeviceInput,
  type DeviceProfile,
  detectDeviceProfile,
  isDesktopLayout,
  readDeviceInput,
  topInset,
} from '../../src/domain/deviceProfile.ts';
import { iosModelForScreen } from '../../src/domain/deviceModels.ts';

const UA = {
  chromeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  edgeChromium:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 Edg/124.0.2478.51',
  edgeLegacy:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045',
  firefoxLinux: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  iphoneWebView:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
  androidPhone:
    'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
  androidTablet:
    'Mozilla/5.0 (Linux; Android 13; SM-X810) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  androidWebView:
    'Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.6367.82 Mobile Safari/537.36',
  opera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Safari/537.36 OPR/109.0.0.0',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
};

const base: DeviceInput = {
  userAgent: '',
  screenWidth: 1920,
  screenHeight: 1080,
  maxTouchPoints: 0,
  inIframe: false,
  hasIosBridge: false,
  hasAndroidBridge: false,
};

const profile = (
  os: DeviceProfile['os'],
  browser: DeviceProfile['browser'],
  name: string,
  type: DeviceProfile['device']['type'],
  containerType: DeviceProfile['device']['containerType'] = 'web',
): DeviceProfile => ({ os, browser, device: { name, type, containerType } });

describe('detectDeviceProfile', () => {
  it.each<[string, Partial<DeviceInput>, DeviceProfile]>([
    ['Chrome on Windows', { userAgent: UA.chromeWindows }, profile('windows', 'chrome', 'desktop', 'desktop')],
    ['Edge Chromium', { userAgent: UA.edgeChromium }, profile('windows', 'edge chromium', 'desktop', 'desktop')],
    ['legacy Edge', { userAgent: UA.edgeLegacy }, profile('windows', 'edge', 'desktop', 'desktop')],
    ['Firefox on Linux', { userAgent: UA.firefoxLinux }, profile('linux', 'firefox', 'desktop', 'desktop')],
    [
      'Safari on macOS',
      { userAgent: UA.safariMac, screenWidth: 1512, screenHeight: 982 },
      profile('OSX', 'safari', 'desktop', 'desktop'),
    ],
    [
      'Safari on iPhone 14',
      { userAgent: UA.iphoneSafari, screenWidth: 390, screenHeight: 844, maxTouchPoints: 5 },
      profile('iOS', 'safari', 'iPhone 12/13/14', 'mobile'),
    ],
    [
      'iPad on iPadOS 13+ (Mac user agent plus touch), landscape',
      { userAgent: UA.safariMac, screenWidth: 1366, screenHeight: 1024, maxTouchPoints: 5 },
      profile('iOS', 'safari', 'iPad Pro 12.9"', 'tablet'),
    ],
    [
      'Chrome on an Android phone',
      { userAgent: UA.androidPhone, screenWidth: 412, screenHeight: 915, maxTouchPoints: 5 },
      profile('android', 'chrome', 'unknown', 'mobile'),
    ],
    [
      'Chrome on an Android tablet',
      { userAgent: UA.androidTablet, screenWidth: 800, screenHeight: 1280, maxTouchPoints: 10 },
      profile('android', 'chrome', 'unknown', 'tablet'),
    ],
    [
      'Opera on Windows',
      { userAgent: UA.opera, screenWidth: 1366, screenHeight: 768 },
      profile('windows', 'opera', 'desktop', 'desktop'),
    ],
    ['Internet Explorer 11', { userAgent: UA.ie11 }, profile('windows', 'internet explorer', 'desktop', 'desktop')],
    [
      'the iOS container web view (bridge present)',
      { userAgent: UA.iphoneWebView, screenWidth: 375, screenHeight: 667, maxTouchPoints: 5, hasIosBridge: true },
      profile('iOS', 'safari', 'iPhone 6/7/8/SE2', 'mobile', 'ios-wv'),
    ],
    [
      'the Android container web view',
      { userAgent: UA.androidWebView, screenWidth: 412, screenHeight: 915, maxTouchPoints: 5, hasAndroidBridge: true },
      profile('android', 'chrome', 'unknown', 'mobile', 'android-wv'),
    ],
    [
      'desktop Chrome inside an iframe',
      { userAgent: UA.chromeWindows, inIframe: true },
      profile('windows', 'chrome', 'desktop', 'desktop', 'iframe'),
    ],
    ['an unrecognised agent', { userAgent: 'curl/8.5.0' }, profile('unknown', 'unknown', 'unknown', 'unknown')],
  ])('%s', (_, input, expected) => {
    expect(detectDeviceProfile({ ...base, ...input })).toEqual(expected);
  });

  it('treats an Android screen larger than 1067 by 800 as a tablet in either orientation', () => {
    const phoneUa = { ...base, userAgent: UA.androidPhone };
    expect(detectDeviceProfile({ ...phoneUa, screenWidth: 1280, screenHeight: 900 }).device.type).toBe('tablet');
    expect(detectDeviceProfile({ ...phoneUa, screenWidth: 900, screenHeight: 1280 }).device.type).toBe('tablet');
    expect(detectDeviceProfile({ ...phoneUa, screenWidth: 1067, screenHeight: 900 }).device.type).toBe('mobile');
  });
});

describe('iOS model table', () => {
  it.each([
    [480, 320, 'iPhone 4/4S'],
    [320, 480, 'iPhone 4/4S'],
    [1024, 768, 'iPad'],
    [768, 1024, 'iPad'],
    [1366, 1024, 'iPad Pro 12.9"'],
  ])('%dx%d is %s', (w, h, name) => expect(iosModelForScreen(w, h)).toBe(name));

  it('has no model for an unknown size', () => expect(iosModelForScreen(1000, 700)).toBeUndefined());
});

describe('layout rules', () => {
  const desktop = profile('windows', 'chrome', 'desktop', 'desktop');

  it('uses the desktop layout only for desktop devices outside an iframe', () => {
    expect(isDesktopLayout(desktop)).toBe(true);
    expect(isDesktopLayout(profile('windows', 'chrome', 'desktop', 'desktop', 'iframe'))).toBe(false);
    expect(isDesktopLayout(profile('iOS', 'safari', 'iPad', 'tablet'))).toBe(false);
  });

  it('gives a desktop device in a narrow window the phone layout, and a phone the phone layout in any window', () => {
    expect(isDesktopLayout(desktop, false)).toBe(false);
    expect(isDesktopLayout(desktop, true)).toBe(true);
    expect(isDesktopLayout(profile('iOS', 'safari', 'iPad', 'tablet'), true)).toBe(false);
  });

  it.each<[DeviceProfile['device']['containerType'], boolean, number]>([
    ['ios-wv', true, 40],
    ['ios-wv', false, 20],
    ['android-wv', false, 24],
    ['web', true, 0],
    ['iframe', false, 0],
  ])('top inset for %s (notched %s) is %d', (containerType, notched, inset) => {
    expect(topInset(profile('iOS', 'safari', 'x', 'mobile', containerType), notched)).toBe(inset);
  });
});

describe('readDeviceInput', () => {
  it('reads the browser globals of a plain page', () => {
    expect(readDeviceInput(window)).toEqual({
      userAgent: navigator.userAgent,
      screenWidth: screen.width,
      screenHeight: screen.height,
      maxTouchPoints: navigator.maxTouchPoints ?? 0,
      inIframe: false,
      hasIosBridge: false,
      hasAndroidBridge: false,
    });
  });
});
