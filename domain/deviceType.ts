/**
 * The operating system and device type a user agent names (spec sections 3 and 9), shared by the
 * app (src/domain/deviceProfile.ts) and the server, which picks the HTML shell's layout by it.
 */
export type Os = 'iOS' | 'OSX' | 'android' | 'linux' | 'windows' | 'unknown';
export type DeviceType = 'mobile' | 'tablet' | 'desktop' | 'unknown';

export function detectOs(ua: string, maxTouchPoints: number): Os {
  if (/iPhone|iPad|iPod/.test(ua)) return 'iOS';
  // iPadOS 13+ Safari reports a Mac user agent; only the touch points give it away.
  if (/Macintosh|Mac OS X/.test(ua)) return maxTouchPoints > 1 ? 'iOS' : 'OSX';
  if (/Android/.test(ua)) return 'android';
  if (/Windows/.test(ua)) return 'windows';
  if (/Linux|X11|CrOS/.test(ua)) return 'linux';
  return 'unknown';
}

/** Spec section 9: an Android screen larger than 1067 by 800, in either orientation. */
function isAndroidTabletScreen(width: number, height: number): boolean {
  return Math.max(width, height) > 1067 && Math.min(width, height) > 800;
}

export function detectType(os: Os, ua: string, width: number, height: number): DeviceType {
  switch (os) {
    case 'iOS':
      return /iPhone|iPod/.test(ua) ? 'mobile' : 'tablet';
    case 'android':
      // Android phones say "Mobile" in the user agent; tablets (and their web views) do not.
      return isAndroidTabletScreen(width, height) || !/Mobile/.test(ua) ? 'tablet' : 'mobile';
    case 'OSX':
    case 'windows':
    case 'linux':
      return 'desktop';
    default:
      return /Mobi/.test(ua) ? 'mobile' : 'unknown';
  }
}

/**
 * The layout a user agent alone suggests (no screen size, touch points or frame known): the
 * server's guess for the HTML shell. The app decides with everything (isDesktopLayout).
 */
export function layoutOfUserAgent(ua: string): 'desktop' | 'mobile' {
  return detectType(detectOs(ua, 0), ua, 0, 0) === 'desktop' ? 'desktop' : 'mobile';
}
